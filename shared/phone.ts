/** Spec §5: '+000 0000-0000' (country code, space, 4 digits, hyphen, 4 digits). */
export const PHONE_PATTERN = /^\+\d{3} \d{4}-\d{4}$/;
export const PHONE_MESSAGE = "Formato requerido: +000 0000-0000";
/** Length of '+000 0000-0000', the registration input's maxlength. */
export const PHONE_INPUT_MAX_LENGTH = 14;
const PHONE_MAX_DIGITS = 11;

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * The general formatter of spec §5: digits only, at most 11, written as '+' then
 * groups of up to 3, 4 and the rest ("50370000001" → "+503 7000-0001").
 */
export function formatPhone(raw: string): string {
  const digits = phoneDigits(raw).slice(0, PHONE_MAX_DIGITS);
  if (digits === "") return "";
  const country = digits.slice(0, 3);
  const first = digits.slice(3, 7);
  const rest = digits.slice(7);
  return `+${country}${first && ` ${first}`}${rest && `-${rest}`}`;
}

/** El Salvador's country code, read in front of a local number. */
export const SALVADOR_COUNTRY_CODE = "503";

/**
 * A Salvadoran number without its country code: 8 digits, the first a 2 (fixed lines), 6 or
 * 7 (mobiles). In the spec's format a number has 11 digits with its country code, and Central
 * America's (+502 to +507) start with 5, so a number typed with its code is never read so.
 */
function isLocalNumber(digits: string): boolean {
  return /^[267]\d{7}$/.test(digits);
}

/**
 * The phone input's live formatter: the general formatter, except that 8 digits starting with
 * 2, 6 or 7 are a local number and get +503 ("70000000" → "+503 7000-0000"), so the 8th digit
 * typed completes a local number. Fewer digits show as the general formatter writes them
 * ("7000000" → "+700 0000"); "5037…" typed digit by digit stays "+503 7…". Idempotent, never
 * longer than 14 characters. (A foreign number whose code starts with 2, 6 or 7 would be read
 * as local at its 8th digit: it can be pasted whole.)
 */
export function formatPhoneInput(raw: string): string {
  const digits = phoneDigits(raw);
  return formatPhone(isLocalNumber(digits) ? SALVADOR_COUNTRY_CODE + digits : digits);
}

/**
 * A phone as the API stores it: a local Salvadoran number written with digits, spaces,
 * hyphens or dots only ("70000000", "7000-0000", "2222 3333") gets +503 and the spec's format;
 * anything else is returned as given, for PHONE_PATTERN to judge ("+7000-0000" is refused).
 */
export function normalizePhone(value: string): string {
  const digits = phoneDigits(value);
  return /^[\d\s.-]+$/.test(value) && isLocalNumber(digits)
    ? formatPhone(SALVADOR_COUNTRY_CODE + digits)
    : value;
}

export function whatsappUrl(number: string, text?: string): string {
  const url = `https://wa.me/${phoneDigits(number)}`;
  return text ? `${url}?text=${encodeURIComponent(text)}` : url;
}

export function telUrl(phone: string): string {
  return `tel:+${phoneDigits(phone)}`;
}

/** El Salvador's mobiles (the only WhatsApp numbers there) start with 6 or 7. */
export function isSalvadoranMobile(phone: string): boolean {
  return /^503[67]\d{7}$/.test(phoneDigits(phone));
}
