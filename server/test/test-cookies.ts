/** Cookie helpers shared by the auth and session tests. */

type Headers = Record<string, string | string[] | number | undefined>;

/** Every Set-Cookie line of a response. */
export function setCookies(headers: Headers): string[] {
  const value = headers["set-cookie"];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [String(value)]).map(String);
}

/** The Set-Cookie line of one cookie, or undefined. */
export function setCookieLine(headers: Headers, name: string): string | undefined {
  return setCookies(headers).find((line) => line.startsWith(`${name}=`));
}

/** `name=value` of one Set-Cookie line, ready for a Cookie header. */
export function cookiePair(headers: Headers, name: string): string {
  const line = setCookieLine(headers, name);
  if (!line) throw new Error(`no Set-Cookie for ${name}`);
  return line.split(";")[0];
}
