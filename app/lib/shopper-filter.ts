import { MUNICIPALITY_COOKIE, rememberedMunicipality } from "../../shared/delivery";
import { writeBrowserCookie } from "./browser-cookie";

/** 'Abierto ahora' and 'Entrega a mi municipio' as a listing page applies them. */
export interface ShopperFilter {
  open?: "now";
  municipality?: string;
}

/**
 * The shopper's filter of a listing page: the URL's, and when the URL says nothing of a
 * municipality, the one remembered in the cookie ('Entrega a mi municipio'), so the first
 * render is already filtered. `?municipality=` (empty) means "any", whatever the cookie.
 */
export function shopperFilterOf(
  request: Request,
  parsed: { open?: "now"; municipality?: string },
): ShopperFilter {
  const url = new URL(request.url);
  let municipality = parsed.municipality;
  if (!url.searchParams.has("municipality")) {
    municipality = rememberedMunicipality(request.headers.get("cookie"));
  }
  return { open: parsed.open, municipality };
}

/** The filter's query parameters, for page links that keep it. */
export function shopperParams(filter: ShopperFilter): Record<string, string | undefined> {
  return { open: filter.open, municipality: filter.municipality };
}

/** Remembers the shopper's municipality for a year ('' forgets it). Browser only. */
export function rememberMunicipality(municipality: string) {
  writeBrowserCookie(MUNICIPALITY_COOKIE, municipality ? encodeURIComponent(municipality) : null);
}
