import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Some of a table's columns under their own names, for a select: `pickColumns(users, ['id', 'email'])`
 * reads as the list of fields an answer takes from that table.
 */
export function pickColumns<T extends Table, const K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table) as T['_']['columns'];
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<T['_']['columns'], K>;
}
