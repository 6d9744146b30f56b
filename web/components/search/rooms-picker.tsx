import { Plus, Trash2, UsersRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { roomsPicker } from '../../../core/constants.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Stepper } from '../ui/stepper.tsx';
import { AnchoredPopover } from './anchored-popover.tsx';
import { roomsReducer, roomsTotals, type RoomsAction, type RoomsState } from './rooms.ts';

export { initialRooms, roomsFromTotals, roomsReducer, roomsTotals, type RoomConfig, type RoomsState } from './rooms.ts';

/** 'N guests, M rooms' (or '1 room'), in the active language. */
export function useRoomsSummary(rooms: RoomsState): string {
  const { t } = useTranslation();
  const totals = roomsTotals(rooms);
  // 'N guests, M rooms' reads the same way in Hebrew, comma included.
  return `${t('search.rooms.guests', { count: totals.guests })}, ${t('search.rooms.rooms', { count: totals.rooms })}`;
}

const ages = Array.from({ length: roomsPicker.maxChildAge - roomsPicker.minChildAge + 1 }, (_, i) => roomsPicker.minChildAge + i);

interface RoomsPickerProps {
  id: string;
  label: string;
  value: RoomsState;
  onChange(value: RoomsState): void;
  /**
   * Test ids: `${testId}` (field), `${testId}-button`, `${testId}-dialog`, `${testId}-add-room`, `${testId}-done`,
   * and per room i: `${testId}-room-${i}`, `-remove`, `-adults-(increase|decrease|value)`, `-children-…`, `-age-${child}`.
   */
  testId?: string;
  className?: string;
}

/**
 * The hotel rooms-and-guests picker: 1-8 rooms (the last one stays), adults 1-8 and
 * children 0-4 per room, an age (0-17, default 10) for each child; a new room has 2 adults.
 */
export function RoomsPicker({ id, label, value, onChange, testId = 'rooms-picker', className }: RoomsPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const summary = useRoomsSummary(value);
  const dispatch = (action: RoomsAction) => onChange(roomsReducer(value, action));

  const trigger = (
    <button
      type="button"
      id={id}
      aria-labelledby={`${id}-label ${id}`}
      data-testid={`${testId}-button`}
      className={cn(
        'flex h-11 w-full items-center gap-2.5 rounded-xl border border-slate-300 bg-white px-3.5 text-start text-base text-slate-900 shadow-xs transition-colors sm:text-sm',
        'hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:hover:border-slate-500',
      )}
    >
      <UsersRound className="size-4.5 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
      <span className="truncate" data-testid={`${testId}-summary`}>
        {summary}
      </span>
    </button>
  );

  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid={testId}>
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </span>
      <div ref={anchorRef}>
        <AnchoredPopover
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          anchorRef={anchorRef}
          title={label}
          description={summary}
          testId={`${testId}-dialog`}
          className="sm:w-[24rem]"
          footer={
            <>
              <Button
                variant="secondary"
                size="sm"
                disabled={value.length >= roomsPicker.maxRooms}
                title={value.length >= roomsPicker.maxRooms ? t('search.rooms.maxRooms', { max: roomsPicker.maxRooms }) : undefined}
                onClick={() => dispatch({ type: 'addRoom' })}
                data-testid={`${testId}-add-room`}
              >
                <Plus className="size-4" aria-hidden="true" />
                {t('search.rooms.addRoom')}
              </Button>
              <Button size="sm" onClick={() => setOpen(false)} data-testid={`${testId}-done`}>
                {t('search.rooms.done')}
              </Button>
            </>
          }
        >
          <ol className="divide-y divide-slate-100 px-5 dark:divide-slate-800">
            {value.map((room, index) => {
              const number = index + 1;
              const roomTestId = `${testId}-room-${index}`;
              return (
                <li key={index} className="py-3" data-testid={roomTestId}>
                  <div className="flex items-center justify-between gap-3">
                    <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('search.rooms.room', { number })}</h3>
                    {value.length > 1 && (
                      <button
                        type="button"
                        onClick={() => dispatch({ type: 'removeRoom', room: index })}
                        aria-label={t('search.rooms.removeRoom', { number })}
                        title={t('search.rooms.removeRoom', { number })}
                        data-testid={`${roomTestId}-remove`}
                        className="-me-2 flex size-8 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-rose-50 hover:text-rose-700 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-400 dark:hover:bg-rose-950/50 dark:hover:text-rose-300"
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </button>
                    )}
                  </div>
                  <Stepper
                    label={t('search.rooms.adults')}
                    hint={t('search.rooms.adultsHint')}
                    value={room.adults}
                    min={roomsPicker.minAdults}
                    max={roomsPicker.maxAdults}
                    lessLabel={t('search.rooms.fewerAdults', { number })}
                    moreLabel={t('search.rooms.moreAdults', { number })}
                    onChange={(adults) => dispatch({ type: 'setAdults', room: index, adults })}
                    testId={`${roomTestId}-adults`}
                  />
                  <Stepper
                    label={t('search.rooms.children')}
                    hint={t('search.rooms.childrenHint')}
                    value={room.children}
                    min={roomsPicker.minChildren}
                    max={roomsPicker.maxChildren}
                    lessLabel={t('search.rooms.fewerChildren', { number })}
                    moreLabel={t('search.rooms.moreChildren', { number })}
                    onChange={(children) => dispatch({ type: 'setChildren', room: index, children })}
                    testId={`${roomTestId}-children`}
                  />
                  {room.children > 0 && (
                    <div className="mt-1 grid grid-cols-2 gap-3">
                      {room.childrenAges.map((age, child) => {
                        const selectId = `${id}-room-${index}-child-${child}`;
                        return (
                          <div key={child} className="flex flex-col gap-1">
                            <label htmlFor={selectId} className="text-xs font-medium text-slate-600 dark:text-slate-300">
                              {t('search.rooms.childAge', { number: child + 1 })}
                            </label>
                            <select
                              id={selectId}
                              value={age}
                              onChange={(event) => dispatch({ type: 'setChildAge', room: index, child, age: Number(event.target.value) })}
                              data-testid={`${roomTestId}-age-${child}`}
                              className="h-9 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:[color-scheme:dark]"
                            >
                              {ages.map((option) => (
                                <option key={option} value={option}>
                                  {option}
                                </option>
                              ))}
                            </select>
                          </div>
                        );
                      })}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </AnchoredPopover>
      </div>
    </div>
  );
}
