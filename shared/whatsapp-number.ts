import { z } from "zod";
import { phoneDigits, SALVADOR_COUNTRY_CODE } from "./phone";
import { textField } from "./schemas/fields";

/**
 * WhatsApp numbers of the notices (issue 35), kept in E.164 ('+50370000000') as Meta takes
 * them: a Salvadoran mobile (6 or 7 and 7 digits, with or without +503) or any international
 * number written with its '+' and country code. A Salvadoran landline has no WhatsApp.
 */
export const WHATSAPP_NUMBER_MESSAGE =
  "Ingresa un celular de El Salvador (7000-0000) o un número internacional con + y su código de país";

export function toWhatsAppNumber(raw: string): string | null {
  const text = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = phoneDigits(text);
  if (/^[67]\d{7}$/.test(digits)) return `+${SALVADOR_COUNTRY_CODE}${digits}`;
  if (digits.startsWith(SALVADOR_COUNTRY_CODE) && digits.length === 11) {
    return /^503[67]\d{7}$/.test(digits) ? `+${digits}` : null;
  }
  // E.164: a country code that never starts with 0, at most 15 digits in all.
  if (text.startsWith("+") && /^[1-9]\d{7,14}$/.test(digits)) return `+${digits}`;
  return null;
}

/** '+50370000000' → '+503 7000-0000'; other countries as '+<digits>'. */
export function formatWhatsAppNumber(e164: string): string {
  const digits = phoneDigits(e164);
  return /^503\d{8}$/.test(digits) ? `+503 ${digits.slice(3, 7)}-${digits.slice(7)}` : `+${digits}`;
}

/** A WhatsApp number as the API takes it: blank means none (null), otherwise E.164. */
export const whatsappNumberField = textField(WHATSAPP_NUMBER_MESSAGE)
  .trim()
  .max(30, WHATSAPP_NUMBER_MESSAGE)
  .transform((value, ctx) => {
    if (value === "") return null;
    const number = toWhatsAppNumber(value);
    if (number === null) {
      ctx.addIssue({ code: "custom", message: WHATSAPP_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return number;
  });
