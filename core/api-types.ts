import { z } from 'zod';

/** Every error response has this shape; `code` picks the translated message in the web app, `fields` a problem per form field. */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/**
 * A response type as the browser receives it: the server's zod schemas describe dates as `Date`,
 * and JSON carries them as ISO strings. Web types derived from a contract go through this.
 */
export type JsonOf<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? JsonOf<Item>[]
    : T extends object
      ? { [Key in keyof T]: JsonOf<T[Key]> }
      : T;
