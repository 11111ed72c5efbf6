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

/**
 * The registration input's live formatter: formats as the user types or pastes
 * ("5037" → "+503 7", "503-7000 0001" → "+503 7000-0001"). With the 11-digit cap
 * this is the general formatter, never longer than 14 characters.
 */
export function formatPhoneInput(raw: string): string {
  return formatPhone(raw);
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
