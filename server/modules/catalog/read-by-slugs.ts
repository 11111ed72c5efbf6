import { FAVORITES_MAX } from "../../../shared/favorites-cookie";
import { isCatalogueSlug } from "../../../shared/slug";

/** A batch read by slug: what was found, in the slugs' order, and the slugs nothing has. */
export interface BySlugs<Item> {
  items: Item[];
  gone: string[];
}

/**
 * Reads a list of slugs (a shopper's favourites, issue 27) with one call of `read`, and
 * answers in the list's order. Repeats count once; a slug outside the catalogue's format
 * is gone without a query; past FAVORITES_MAX slugs nothing is read.
 */
export async function readBySlugs<Item extends { slug: string }>(
  slugs: readonly string[],
  read: (slugs: string[]) => Promise<Item[]>,
): Promise<BySlugs<Item>> {
  const wanted = [...new Set(slugs)].slice(0, FAVORITES_MAX);
  const valid = wanted.filter(isCatalogueSlug);
  const found = valid.length > 0 ? await read(valid) : [];
  const bySlug = new Map(found.map((item) => [item.slug, item]));
  return {
    items: wanted.flatMap((slug) => bySlug.get(slug) ?? []),
    gone: wanted.filter((slug) => !bySlug.has(slug)),
  };
}
