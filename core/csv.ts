/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet (CSV injection). */
export function csvField(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file; the byte-order mark makes spreadsheets read Hebrew as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header.map(csvField).join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\r\n')}\r\n`;
}
