/**
 * Characters a spreadsheet may skip or fold before it decides whether a cell is a formula: zero-width
 * spaces and joiners, direction marks and overrides/isolates, the byte-order mark.
 */
const invisibleControls = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * Whether a spreadsheet could read the text as a formula: its first visible character, after
 * compatibility folding (NFKC turns the full-width `＝` and the small `﹦` into `=`), is one that
 * starts a formula.
 */
export function looksLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text.normalize('NFKC').replace(invisibleControls, ''));
}

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet (CSV injection). */
export function csvField(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file; the byte-order mark makes spreadsheets read Hebrew as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header.map(csvField).join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\r\n')}\r\n`;
}
