import type { StayChangeList, StayChangeView } from '../../../../core/contracts/stay-changes.ts';
import { today as israelToday } from '../../../../core/dates.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { extendByMonth, offersExtension, type StayChangePrice } from '../../../../core/stay-change-pricing.ts';
import { stayChangeAnswerHours, type StayChangeRole } from '../../../../core/stay-change-states.ts';
import { mailStayChange } from '../stay-change-mail.ts';
import type { BookingDeps } from './booking-deps.ts';
import { asUnavailable, assertChangeable, sideOf, stageStayChange, toStayChangeView, type ProposedStay } from './stage-stay-change.ts';

type Deps = Pick<BookingDeps, 'db' | 'repos' | 'clock' | 'log' | 'siteUrl'>;

/** Thrown to roll back a staged change that was only checked. */
class Checked extends Error {
  constructor(readonly price: StayChangePrice) {
    super('checked');
  }
}

/**
 * Prices a change without keeping it: the booking's row is rewritten inside a transaction that is
 * then rolled back, so the database's own availability rules (the exclusion constraint, the night
 * count) say whether the new dates are free, exactly as they will when the change is accepted.
 */
async function checkChange(deps: Deps, bookingId: string, userId: string, proposed: ProposedStay) {
  const now = deps.clock();
  const booking = await deps.repos.stayChanges.bookingToChange(deps.db, bookingId);
  const role = sideOf(booking, userId);
  assertChangeable(booking!, now);
  // One change at a time: while the last one's difference is owed, the stay it would lapse back to
  // must stay what it was (decision 062).
  if (await deps.repos.unpaidChanges.owesDifference(deps.db, bookingId)) {
    throw new DomainError('stay_change_not_allowed', 'The difference of the last change is not paid yet');
  }
  try {
    await deps.db.transaction(async (tx) => {
      const { price } = await stageStayChange(deps, tx, booking!, proposed, role, now);
      throw new Checked(price);
    });
  } catch (error) {
    if (error instanceof Checked) return { role, price: error.price, now };
    throw asUnavailable(error);
  }
  throw new Error('unreachable: a checked change always rolls back');
}

/** POST /api/bookings/:id/changes/quote: the new price and the difference, before the proposal is sent. */
export async function quoteStayChange(deps: Deps, userId: string, bookingId: string, proposed: ProposedStay): Promise<StayChangePrice> {
  return (await checkChange(deps, bookingId, userId, proposed)).price;
}

/**
 * The guest or the host of a confirmed stay not yet ended proposes new dates or guests (POST
 * /api/bookings/:id/changes). The change is checked and priced now; the other side has 24 hours to
 * answer, and is mailed in their language. One proposal at a time per booking (the partial unique
 * index decides between two sent at once).
 */
export async function proposeStayChange(deps: Deps, userId: string, bookingId: string, proposed: ProposedStay): Promise<StayChangeView> {
  const { role, price, now } = await checkChange(deps, bookingId, userId, proposed);
  const id = await deps.repos.stayChanges.insertChange(deps.db, {
    bookingId,
    proposedBy: userId,
    role,
    checkIn: proposed.checkIn,
    checkOut: proposed.checkOut,
    guests: proposed.guests,
    childAges: proposed.children,
    price,
    expiresAt: new Date(now.getTime() + stayChangeAnswerHours * 3_600_000),
  });
  if (!id) throw new DomainError('stay_change_open_exists', 'A change to this stay is already waiting for an answer');
  const row = (await deps.repos.stayChanges.changeById(deps.db, id))!;
  await mailStayChange(deps, { ...row, total: price.total, difference: price.difference }, 'proposed');
  return toStayChangeView(row, role);
}

/** GET /api/bookings/:id/changes: the booking's proposals for either side, and "Extend your stay" for a sublet guest's last month. */
export async function listStayChanges(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'clock' | 'provider'>,
  userId: string,
  bookingId: string,
): Promise<StayChangeList> {
  const booking = await deps.repos.stayChanges.bookingToChange(deps.db, bookingId);
  const role: StayChangeRole = sideOf(booking, userId);
  const rows = await deps.repos.stayChanges.changesOfBooking(deps.db, bookingId);
  const offered =
    role === 'guest' &&
    offersExtension(
      { propertyType: booking!.listing.propertyType, status: booking!.status, checkOut: booking!.checkOut },
      israelToday(deps.clock()),
    );
  const session =
    role === 'guest' && deps.provider.method === 'card' ? await deps.repos.stayChanges.unpaidChargeSession(deps.db, bookingId) : null;
  const payUrl = session ? await deps.provider.checkoutUrl(session).catch(() => null) : null;
  return {
    payUrl,
    changes: rows.map((row) => toStayChangeView(row, role)),
    offersExtension: offered,
    extensionCheckOut: offered ? extendByMonth(booking!.checkOut) : null,
  };
}
