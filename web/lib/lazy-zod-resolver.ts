import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver whose zod schema, zod itself and the zod resolver load on the form's
 * first validation (its first submit, by default), not with the page: zod is about 25 KB of
 * compressed JavaScript that a visitor who only reads the page never needs (issue 15's first-load
 * budget). `loadSchema` is a dynamic import of the schema's module, which must not be imported
 * statically by the page (or zod comes back into its first load).
 */
export function lazyZodResolver<Values extends FieldValues>(loadSchema: () => Promise<ZodType>): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      // The schema arrives by a dynamic import, typed only as some ZodType: nothing can check at
      // compile time that it parses Values. The caller pairs them (each form's schema module).
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<Values>,
      (error: unknown) => {
        // A failed chunk load (offline) is tried again on the next submit.
        resolver = null;
        throw error;
      },
    );
    return (await resolver)(values, context, options);
  };
}
