import { auditDescriptionCodes, type AuditDescriptionCode } from '../../../core/audit-descriptions.ts';
import { reportStatuses, roles } from '../../../core/constants.ts';
import type { AuditEvent } from '../../../core/contracts/admin.ts';
import type { TFunction } from '../../i18n/translator.ts';

const isCode = (code: string | null): code is AuditDescriptionCode => auditDescriptionCodes.some((known) => known === code);

/**
 * An audit entry's description in the page's language (issue 41, item 5): its code and parameters
 * translated, report statuses and roles by their names; an entry without a code (written before
 * codes, or by a writer that has none) as stored.
 */
export function auditDescriptionText(event: Pick<AuditEvent, 'description' | 'descriptionCode' | 'descriptionParams'>, t: TFunction) {
  const code = event.descriptionCode;
  if (!isCode(code)) return event.description ?? '—';
  const params = { ...event.descriptionParams };
  if (code === 'reportStatus') {
    for (const key of ['from', 'to'] as const) {
      const status = reportStatuses.find((known) => known === params[key]);
      if (status) params[key] = t(`admin.reportStatus.${status}`);
    }
    return t(params.notes ? 'admin.audit.descriptions.reportStatusNotes' : 'admin.audit.descriptions.reportStatus', isolated(params));
  }
  if (code === 'roleChanged') {
    for (const key of ['from', 'to'] as const) {
      const role = roles.find((known) => known === params[key]);
      if (role) params[key] = t(`admin.roles.${role}`);
    }
  }
  return t(`admin.audit.descriptions.${code}`, isolated(params));
}

/**
 * Each parameter in its own direction (first-strong isolate, U+2068…U+2069): an e-mail or the JSON of
 * a settings change inside a Hebrew sentence would otherwise have its brackets and dots reordered.
 */
function isolated(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value ? `\u2068${value}\u2069` : value]));
}
