import { useSyncExternalStore } from "react";

/**
 * Favourites kept in the browser (issue 12: no account), like the cart id: a list of
 * merchant and product slugs in localStorage, in memory when storage is blocked. Slugs,
 * not ids, because the public pages and APIs answer by slug and they survive a rename.
 */
export const FAVORITES_KEY = "tiangue-favorites";
export const FAVORITES_MAX = 200;

export type FavoriteKind = "merchant" | "product";

export interface Favorite {
  kind: FavoriteKind;
  slug: string;
}

let memory: Favorite[] = [];
let cached: { raw: string | null; list: Favorite[] } | null = null;
const listeners = new Set<() => void>();
const EMPTY: Favorite[] = [];

function isFavorite(value: unknown): value is Favorite {
  if (typeof value !== "object" || value === null) return false;
  const { kind, slug } = value as Record<string, unknown>;
  return (kind === "merchant" || kind === "product") && typeof slug === "string" && slug !== "";
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

function write(list: Favorite[]) {
  const trimmed = list.slice(0, FAVORITES_MAX);
  try {
    window.localStorage.setItem(FAVORITES_KEY, JSON.stringify(trimmed));
  } catch {
    memory = trimmed;
  }
  listeners.forEach((listener) => listener());
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
