import { useSyncExternalStore } from "react";
import {
  encodeFavorites,
  FAVORITES_COOKIE,
  FAVORITES_MAX,
  type Favorite,
} from "../../shared/favorites-cookie";
import { isCatalogueSlug } from "../../shared/slug";
import { writeBrowserCookie } from "./browser-cookie";

/**
 * Favourites kept in the browser (issue 12: no account), like the cart id: a list of
 * merchant and product slugs in localStorage, in memory when storage is blocked. Slugs,
 * not ids, because the public pages and APIs answer by slug and they survive a rename.
 * Every write mirrors the list in a cookie (shared/favorites-cookie.ts), so the server
 * paints /favorites (issue 27); storage stays the list's source of truth.
 */
export const FAVORITES_KEY = "tiangue-favorites";
export { FAVORITES_MAX, type Favorite, type FavoriteKind } from "../../shared/favorites-cookie";

let memory: Favorite[] = [];
let cached: { raw: string | null; list: Favorite[] } | null = null;
const listeners = new Set<() => void>();
const EMPTY: Favorite[] = [];

function isFavorite(value: unknown): value is Favorite {
  if (typeof value !== "object" || value === null) return false;
  const { kind, slug } = value as Record<string, unknown>;
  return (
    (kind === "merchant" || kind === "product") && typeof slug === "string" && isCatalogueSlug(slug)
  );
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(FAVORITES_KEY);
  } catch {
    return null;
  }
}

/** The saved favourites, newest first; [] on the server. The same array until it changes. */
export function readFavorites(): Favorite[] {
  if (typeof window === "undefined") return EMPTY;
  const raw = readRaw();
  if (raw === null) return memory;
  if (cached?.raw === raw) return cached.list;
  let list: Favorite[] = [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) list = parsed.filter(isFavorite);
  } catch {
    // A damaged entry is an empty list, not an error page.
  }
  cached = { raw, list };
  return list;
}

/** Mirrors `list` in FAVORITES_COOKIE ("*" when too long for a cookie; none when empty). */
function writeCookie(list: readonly Favorite[]) {
  writeBrowserCookie(FAVORITES_COOKIE, encodeFavorites(list) || null);
}

function write(list: Favorite[]) {
  const trimmed = list.slice(0, FAVORITES_MAX);
  try {
    window.localStorage.setItem(FAVORITES_KEY, JSON.stringify(trimmed));
  } catch {
    memory = trimmed;
  }
  writeCookie(trimmed);
  listeners.forEach((listener) => listener());
}

/**
 * Writes the cookie from storage: favourites saved before the cookie existed, or a cookie
 * lost or cleared while storage kept the list. /favorites calls it once hydrated.
 */
export function syncFavoritesCookie() {
  writeCookie(readFavorites());
}

const same = (a: Favorite, b: Favorite) => a.kind === b.kind && a.slug === b.slug;

export function hasFavorite(favorite: Favorite): boolean {
  return readFavorites().some((f) => same(f, favorite));
}

/** Saves or forgets it; returns whether it is saved now. */
export function toggleFavorite(favorite: Favorite): boolean {
  const list = readFavorites();
  if (list.some((f) => same(f, favorite))) {
    write(list.filter((f) => !same(f, favorite)));
    return false;
  }
  write([{ kind: favorite.kind, slug: favorite.slug }, ...list]);
  return true;
}

/** Forgets the ones that no longer exist (found missing by /favorites). */
export function dropFavorites(gone: readonly Favorite[]) {
  if (gone.length === 0) return;
  write(readFavorites().filter((f) => !gone.some((g) => same(f, g))));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVORITES_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The favourites, kept current across tabs; null on the server and before hydration. */
export function useFavorites(): Favorite[] | null {
  return useSyncExternalStore<Favorite[] | null>(subscribe, readFavorites, () => null);
}
