/**
 * The shopper's favourites (issue 12: no account) as the browser keeps them and as the
 * server reads them (issue 27). localStorage holds the list (app/lib/favorites.ts); every
 * write mirrors it in FAVORITES_COOKIE, so /favorites is painted by the server. The cookie
 * is `m:slug|p:slug|…` in the list's order, newest first (':' and '|' are cookie octets,
 * ',' and ';' are not), or TOO_MANY_FAVORITES when the list does not fit in a cookie.
 */

import { cookieValue } from "./cookies";
import { isCatalogueSlug } from "./slug";

export const FAVORITES_COOKIE = "tiangue-favorites";
export const FAVORITES_MAX = 200;
/** Browsers keep 4 KB per cookie, name and attributes included: longer lists say "*". */
export const FAVORITES_COOKIE_MAX_LENGTH = 3500;
/** The cookie's value when the list is too long for it: the browser alone knows it. */
export const TOO_MANY_FAVORITES = "*";

export type FavoriteKind = "merchant" | "product";

export interface Favorite {
  kind: FavoriteKind;
  slug: string;
}

const KIND_CODE: Record<FavoriteKind, string> = { merchant: "m", product: "p" };

/** The cookie's value for `list`: "" when empty (no cookie), TOO_MANY_FAVORITES when too long. */
export function encodeFavorites(list: readonly Favorite[]): string {
  const value = list
    .slice(0, FAVORITES_MAX)
    .filter((f) => isCatalogueSlug(f.slug))
    .map((f) => `${KIND_CODE[f.kind]}:${f.slug}`)
    .join("|");
  return value.length > FAVORITES_COOKIE_MAX_LENGTH ? TOO_MANY_FAVORITES : value;
}

/**
 * The favourites of a Cookie header, in order: "too-many" when the browser alone knows
 * them, null when there is no such cookie (nothing saved). Malformed entries and repeats
 * are skipped; at most FAVORITES_MAX.
 */
export function favoritesFromCookie(
  header: string | null | undefined,
): Favorite[] | "too-many" | null {
  const value = cookieValue(header, FAVORITES_COOKIE);
  if (!value) return null;
  return value === TOO_MANY_FAVORITES ? "too-many" : decodeFavorites(value);
}

function decodeFavorites(value: string): Favorite[] {
  const list: Favorite[] = [];
  const seen = new Set<string>();
  for (const entry of value.split("|")) {
    const kind = entry.startsWith("m:") ? "merchant" : entry.startsWith("p:") ? "product" : null;
    const slug = entry.slice(2);
    if (!kind || !isCatalogueSlug(slug) || seen.has(entry)) continue;
    seen.add(entry);
    list.push({ kind, slug });
    if (list.length === FAVORITES_MAX) break;
  }
  return list;
}
