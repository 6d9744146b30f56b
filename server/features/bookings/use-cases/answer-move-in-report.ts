import type { MoveInReport } from '../../../../core/contracts/move-in.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { reportById, stayOfReport, writeAnswer } from '../move-in-repository.ts';
import { mailMoveIn } from '../move-in-mail.ts';
import type { BookingDeps } from './booking-deps.ts';
import { reportView } from './move-in-view.ts';

/**
 * The host answers a report about their stay (POST /api/move-in-reports/:id/answer) while it is open;
 * a second answer replaces the first. Guest and host are mailed. Only the stay's host: anyone else
 * learns nothing of the report.
 */
export async function answerMoveInReport(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'log' | 'siteUrl'>,
  hostId: string,
  reportId: string,
  answer: string,
): Promise<MoveInReport> {
  const report = await reportById(deps.db, reportId);
  const stay = report ? await stayOfReport(deps.db, report.bookingId) : undefined;
  if (!report || !stay || stay.hostId !== hostId) throw new DomainError('move_in_report_not_found', 'No such report');
  if (!(await writeAnswer(deps.db, reportId, answer, deps.clock())))
    throw new DomainError('move_in_report_decided', 'This report has been decided');
  await mailMoveIn(deps.db, deps.log, deps.siteUrl, report.bookingId, { kind: 'answer' });
  return reportView(deps.db, (await reportById(deps.db, reportId))!);
}
