/**
 * The raw value of the first cookie called `name` in a Cookie header (or `document.cookie`);
 * undefined when there is none. Imports nothing, so the layout's modules may use it.
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const cookie = part.trim();
    const equals = cookie.indexOf("=");
    if (equals >= 0 && cookie.slice(0, equals) === name) return cookie.slice(equals + 1);
  }
  return undefined;
}
