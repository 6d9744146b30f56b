import { roomsPicker } from '../../../core/constants.ts';

/** One hotel room of the rooms-and-guests picker. */
export interface RoomConfig {
  adults: number;
  children: number;
  /** One age per child, 0-17. */
  childrenAges: number[];
}

/** The picker's state: at least one room, at most roomsPicker.maxRooms. */
export type RoomsState = RoomConfig[];

export type RoomsAction =
  | { type: 'addRoom' }
  | { type: 'removeRoom'; room: number }
  | { type: 'setAdults'; room: number; adults: number }
  | { type: 'setChildren'; room: number; children: number }
  | { type: 'setChildAge'; room: number; child: number; age: number };

/** A new room: 2 adults, no children. */
export function newRoom(): RoomConfig {
  return { adults: roomsPicker.newRoom.adults, children: roomsPicker.newRoom.children, childrenAges: [] };
}

export const initialRooms: RoomsState = [newRoom()];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

function updateRoom(state: RoomsState, index: number, update: (room: RoomConfig) => RoomConfig): RoomsState {
  const room = state[index];
  if (!room) return state;
  const next = update(room);
  return next === room ? state : state.map((current, i) => (i === index ? next : current));
}

/**
 * 1-8 rooms (the last one cannot be removed), adults 1-8 and children 0-4 per room,
 * one age per child (0-17, default 10): the age list grows or shrinks with the child count.
 */
export function roomsReducer(state: RoomsState, action: RoomsAction): RoomsState {
  switch (action.type) {
    case 'addRoom':
      return state.length >= roomsPicker.maxRooms ? state : [...state, newRoom()];
    case 'removeRoom':
      return state.length <= 1 || action.room < 0 || action.room >= state.length ? state : state.filter((_, i) => i !== action.room);
    case 'setAdults':
      return updateRoom(state, action.room, (room) => ({
        ...room,
        adults: clamp(action.adults, roomsPicker.minAdults, roomsPicker.maxAdults),
      }));
    case 'setChildren':
      return updateRoom(state, action.room, (room) => {
        const children = clamp(action.children, roomsPicker.minChildren, roomsPicker.maxChildren);
        const childrenAges = room.childrenAges.slice(0, children);
        while (childrenAges.length < children) childrenAges.push(roomsPicker.defaultChildAge);
        return { ...room, children, childrenAges };
      });
    case 'setChildAge':
      return updateRoom(state, action.room, (room) =>
        action.child < 0 || action.child >= room.children
          ? room
          : {
              ...room,
              childrenAges: room.childrenAges.map((age, i) =>
                i === action.child ? clamp(action.age, roomsPicker.minChildAge, roomsPicker.maxChildAge) : age,
              ),
            },
      );
  }
}

/**
 * What a hotel search carries in its URL: the number of rooms, of guests (adults and children) and
 * each child's age (core/party.ts), so the party reaches results, the property page and the booking.
 */
export function roomsTotals(state: RoomsState): { rooms: number; guests: number; children: number[] } {
  return {
    rooms: state.length,
    guests: state.reduce((sum, room) => sum + room.adults + room.children, 0),
    children: state.flatMap((room) => room.childrenAges.slice(0, room.children)),
  };
}

/**
 * Rooms and guests from a URL (rooms=2&guests=5&children=4,9) as a picker state: the children spread
 * over the rooms (as many as a room takes), then the adults, at least one a room.
 */
export function roomsFromTotals(rooms: number | undefined, guests: number | undefined, children: readonly number[] = []): RoomsState {
  const roomCount = clamp(rooms ?? 1, 1, roomsPicker.maxRooms);
  if (guests === undefined) return Array.from({ length: roomCount }, newRoom);
  const kids = children.slice(0, roomCount * roomsPicker.maxChildren);
  const adultsTotal = clamp(guests - kids.length, roomCount, roomCount * roomsPicker.maxAdults);
  return Array.from({ length: roomCount }, (_, i) => {
    const adults = Math.floor(adultsTotal / roomCount) + (i < adultsTotal % roomCount ? 1 : 0);
    const childrenAges = kids.filter((_, child) => child % roomCount === i);
    return { adults, children: childrenAges.length, childrenAges };
  });
}
