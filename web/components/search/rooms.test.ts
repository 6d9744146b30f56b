import { describe, expect, it } from 'vitest';
import { initialRooms, roomsFromTotals, roomsReducer, roomsTotals, type RoomsState } from './rooms.ts';

const apply = (state: RoomsState, ...actions: Parameters<typeof roomsReducer>[1][]) => actions.reduce(roomsReducer, state);

describe('rooms picker state', () => {
  it('starts with one room of 2 adults and no children', () => {
    expect(initialRooms).toEqual([{ adults: 2, children: 0, childrenAges: [] }]);
    expect(roomsTotals(initialRooms)).toEqual({ rooms: 1, guests: 2, children: [] });
  });

  it('adds rooms of 2 adults up to 8 and never removes the last one', () => {
    let state = initialRooms;
    for (let i = 0; i < 10; i++) state = roomsReducer(state, { type: 'addRoom' });
    expect(state).toHaveLength(8);
    expect(state.every((room) => room.adults === 2 && room.children === 0)).toBe(true);
    for (let i = 0; i < 10; i++) state = roomsReducer(state, { type: 'removeRoom', room: 0 });
    expect(state).toHaveLength(1);
  });

  it('removes the room asked for', () => {
    const state = apply(initialRooms, { type: 'addRoom' }, { type: 'setAdults', room: 1, adults: 5 }, { type: 'removeRoom', room: 0 });
    expect(state).toEqual([{ adults: 5, children: 0, childrenAges: [] }]);
  });

  it('keeps adults within 1-8 and children within 0-4 per room', () => {
    expect(roomsReducer(initialRooms, { type: 'setAdults', room: 0, adults: 0 })[0]!.adults).toBe(1);
    expect(roomsReducer(initialRooms, { type: 'setAdults', room: 0, adults: 9 })[0]!.adults).toBe(8);
    expect(roomsReducer(initialRooms, { type: 'setChildren', room: 0, children: -1 })[0]!.children).toBe(0);
    expect(roomsReducer(initialRooms, { type: 'setChildren', room: 0, children: 7 })[0]!.children).toBe(4);
  });

  it('grows the age list with default age 10 and shrinks it from the end', () => {
    let state = apply(initialRooms, { type: 'setChildren', room: 0, children: 2 }, { type: 'setChildAge', room: 0, child: 0, age: 4 });
    expect(state[0]!.childrenAges).toEqual([4, 10]);
    state = roomsReducer(state, { type: 'setChildren', room: 0, children: 3 });
    expect(state[0]!.childrenAges).toEqual([4, 10, 10]);
    state = roomsReducer(state, { type: 'setChildren', room: 0, children: 1 });
    expect(state[0]!.childrenAges).toEqual([4]);
  });

  it('keeps child ages within 0-17 and ignores children that do not exist', () => {
    const state = apply(initialRooms, { type: 'setChildren', room: 0, children: 1 }, { type: 'setChildAge', room: 0, child: 0, age: 30 });
    expect(state[0]!.childrenAges).toEqual([17]);
    expect(roomsReducer(state, { type: 'setChildAge', room: 0, child: 0, age: -3 })[0]!.childrenAges).toEqual([0]);
    expect(roomsReducer(state, { type: 'setChildAge', room: 0, child: 1, age: 5 })).toBe(state);
    expect(roomsReducer(state, { type: 'setAdults', room: 4, adults: 3 })).toBe(state);
  });

  it('totals rooms and guests (adults and children) for the URL', () => {
    const state = apply(
      initialRooms,
      { type: 'addRoom' },
      { type: 'setChildren', room: 1, children: 2 },
      { type: 'setAdults', room: 0, adults: 1 },
    );
    expect(roomsTotals(state)).toEqual({ rooms: 2, guests: 5, children: [10, 10] });
    expect(roomsTotals(apply(state, { type: 'setChildAge', room: 1, child: 0, age: 1 })).children).toEqual([1, 10]);
  });

  it('reads totals back as rooms of adults', () => {
    expect(roomsFromTotals(undefined, undefined)).toEqual(initialRooms);
    expect(roomsTotals(roomsFromTotals(2, 5))).toEqual({ rooms: 2, guests: 5, children: [] });
    expect(roomsFromTotals(2, 5).map((room) => room.adults)).toEqual([3, 2]);
    expect(roomsTotals(roomsFromTotals(3, 1))).toEqual({ rooms: 3, guests: 3, children: [] });
  });

  it('reads children and their ages back, spread over the rooms', () => {
    expect(roomsFromTotals(1, 4, [4, 9])).toEqual([{ adults: 2, children: 2, childrenAges: [4, 9] }]);
    expect(roomsFromTotals(2, 5, [4, 9, 1])).toEqual([
      { adults: 1, children: 2, childrenAges: [4, 1] },
      { adults: 1, children: 1, childrenAges: [9] },
    ]);
    expect(roomsTotals(roomsFromTotals(1, 4, [4, 9]))).toEqual({ rooms: 1, guests: 4, children: [4, 9] });
  });
});
