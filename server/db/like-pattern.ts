/** An ILIKE pattern matching text that contains `text` anywhere, its wildcards (% and _) taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
