import { findMunicipality, MUNICIPALITY_COOKIE } from "../../shared/delivery";

/** 'Abierto ahora' and 'Entrega a mi municipio' as a listing page applies them. */
export interface ShopperFilter {
  open?: "now";
  municipality?: string;
}

/** One cookie's value from a Cookie header, or undefined. */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
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
    const remembered = cookieValue(request.headers.get("cookie"), MUNICIPALITY_COOKIE);
    municipality = remembered ? findMunicipality(remembered)?.name : undefined;
  }
  return { open: parsed.open, municipality };
}

/** The filter's query parameters, for page links that keep it. */
export function shopperParams(filter: ShopperFilter): Record<string, string | undefined> {
  return { open: filter.open, municipality: filter.municipality };
}

/** Remembers the shopper's municipality for a year ('' forgets it). Browser only. */
export function rememberMunicipality(municipality: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = municipality
    ? `${MUNICIPALITY_COOKIE}=${encodeURIComponent(municipality)}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure}`
    : `${MUNICIPALITY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
