export const WEBSITE_MESSAGE = "Por favor ingresa un sitio web válido (ej: www.mitienda.com)";
export const FACEBOOK_MESSAGE = "Por favor ingresa un perfil de Facebook válido";
export const INSTAGRAM_MESSAGE = "Por favor ingresa un perfil de Instagram válido";
export const TIKTOK_MESSAGE = "Por favor ingresa un perfil de TikTok válido";
export const LINKEDIN_MESSAGE = "Por favor ingresa un perfil de LinkedIn válido";

const SCHEME = /^https?:\/\//i;
// Optional scheme, dot-separated host labels with a letters-only TLD, optional port and path.
const WEBSITE =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const HANDLE = /^@?[A-Za-z0-9._-]{1,50}$/;

/** Domain-like, with or without scheme: 'mitienda.com.sv', 'https://www.x.com/path'. */
export function isValidWebsite(value: string): boolean {
  return WEBSITE.test(value.trim());
}

/** Adds 'https://' when no scheme was typed. */
export function normalizeWebsite(value: string): string {
  const url = value.trim();
  if (url === "" || SCHEME.test(url)) return url;
  return `https://${url}`;
}

/** A link to a profile: with a scheme, or a domain with a path ('instagram.com/mitienda'). */
function isProfileUrl(value: string): boolean {
  return (SCHEME.test(value) || value.includes("/")) && isValidWebsite(value);
}

/** A handle ('@mi.tienda', 'mi_tienda') or a link to the profile. */
export function isValidProfile(value: string): boolean {
  const v = value.trim();
  return HANDLE.test(v) || isProfileUrl(v);
}

function profileUrl(value: string, base: string): string {
  const v = value.trim();
  if (v === "") return "";
  if (isProfileUrl(v)) return normalizeWebsite(v);
  return `${base}${v.replace(/^@/, "")}`;
}

/** '@' is dropped too: Facebook usernames never contain it. */
export function facebookUrl(handle: string): string {
  return profileUrl(handle, "https://www.facebook.com/");
}

export function instagramUrl(handle: string): string {
  return profileUrl(handle, "https://www.instagram.com/");
}

export function tiktokUrl(handle: string): string {
  return profileUrl(handle, "https://www.tiktok.com/@");
}

/** Merchants are companies, so a bare handle goes to a company page. */
export function linkedinUrl(handle: string): string {
  return profileUrl(handle, "https://www.linkedin.com/company/");
}
