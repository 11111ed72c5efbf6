import type { FieldValues, Resolver } from "react-hook-form";
import { loadOnce } from "./load-once";

/**
 * A react-hook-form resolver downloaded when first needed: `load` (a dynamic import of the
 * shared zod schema and @hookform/resolvers/zod) runs at the first validation, or earlier
 * through `preload` (say, on the form's first focus). Issue 27: zod stays out of the page's
 * first load. A failed download makes that validation throw and is tried again the next time.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): { resolver: Resolver<TInput, unknown, TOutput>; preload: () => void } {
  const loaded = loadOnce(load);
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => {
      loaded().catch(() => {
        // The validation that needs it downloads it again and reports the failure.
      });
    },
  };
}
