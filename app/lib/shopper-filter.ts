import { MUNICIPALITY_COOKIE, rememberedZone } from "../../shared/delivery";
import { zoneLabel } from "../../shared/places";
import { writeBrowserCookie } from "./browser-cookie";

/** 'Abierto ahora' and 'Entrega en mi zona' as a listing page applies them. */
export interface ShopperFilter {
  open?: "now";
  /** A municipality or a district's label (issue 36). */
  zone?: string;
}

/**
 * The shopper's filter of a listing page: the URL's (`?zone=`, or `?municipality=` of the
 * links made before issue 36), and when the URL says nothing of either, the zone remembered
 * in the cookie ('Entrega en mi zona'), so the first render is already filtered. An empty
 * `?zone=` or `?municipality=` means "any", whatever the cookie.
 */
export function shopperFilterOf(
  request: Request,
  parsed: { open?: "now"; zone?: string; municipality?: string },
): ShopperFilter {
  const url = new URL(request.url);
  let zone = url.searchParams.has("zone") ? parsed.zone : parsed.municipality;
  if (!url.searchParams.has("zone") && !url.searchParams.has("municipality")) {
    zone = rememberedZone(request.headers.get("cookie"));
  }
  return { open: parsed.open, zone: zone === undefined ? undefined : zoneLabel(zone) };
}

/** The filter's query parameters, for page links that keep it. */
export function shopperParams(filter: ShopperFilter): Record<string, string | undefined> {
  return { open: filter.open, zone: filter.zone };
}

/** Remembers the shopper's zone for a year ('' forgets it). Browser only. */
export function rememberZone(zone: string) {
  writeBrowserCookie(MUNICIPALITY_COOKIE, zone ? encodeURIComponent(zone) : null);
}
