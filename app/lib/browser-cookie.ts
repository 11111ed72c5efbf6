const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Writes a first-party cookie the server's loaders read (`null` removes it): the whole site,
 * a year, SameSite=Lax, Secure on https. Browser only. The remembered municipality and the
 * mirrors of the cart id and the favourites (docs/decisions/0029) are written this way.
 */
export function writeBrowserCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  try {
    document.cookie = value
      ? `${name}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`
      : `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  } catch {
    // Cookies blocked (a sandboxed frame): the pages are then painted in the browser.
  }
}
