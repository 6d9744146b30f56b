/**
 * A listing's Hebrew street address (properties.address_he) translates its address: when a write
 * changes the address without giving a Hebrew one, the Hebrew one goes (null), and Hebrew pages show
 * the new address as written rather than the old street (issue 41, item 5).
 */
export function withoutStaleHebrewAddress<T extends { address?: string | null; addressHe?: string | null }>(values: T): T {
  return 'address' in values && values.address !== undefined && !('addressHe' in values) ? { ...values, addressHe: null } : values;
}
