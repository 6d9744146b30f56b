/** A record's [key, value] pairs with its keys kept as their literal type (Object.entries widens them to string), e.g. to build translation keys. */
export const entriesOf = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];
