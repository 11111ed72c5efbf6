/**
 * El Salvador's tax identity numbers (issue 37, shared/spec/el-salvador.md): a NIT written
 * `0000-000000-000-0` (14 digits) or, for a person, a DUI `00000000-0` (8 digits and a
 * check digit), which since 2021 also serves as the person's NIT. One reader for the forms
 * and the API: whatever a person types (spaces, dots, hyphens in other places), it answers
 * the number in its written form, or null.
 */

export const TAX_ID_MESSAGE = "Escribe un NIT (0000-000000-000-0) o un DUI (00000000-0) válido";
export const DUI_CHECK_DIGIT_MESSAGE =
  "El dígito verificador del DUI no coincide: revisa el número";
export const LEGAL_NAME_MESSAGE = "Escribe la razón social o el nombre completo del titular";
export const LEGAL_NAME_NEEDED_MESSAGE =
  "Escribe también la razón social o el nombre del titular del NIT o DUI";
export const TAX_ID_NEEDED_MESSAGE = "Escribe también el NIT o DUI de la razón social";
export const LEGAL_NAME_MAX = 200;

export type TaxIdKind = "nit" | "dui";

/** The DUI's check digit of its 8 first digits: weights 9 to 2, then 10 − sum mod 10. */
export function duiCheckDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (9 - i);
  return (10 - (sum % 10)) % 10;
}

/** Only the digits, when the rest is separators a person types (spaces, hyphens, dots). */
function digitsOf(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[\d\s.-]+$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, "");
}

export type TaxIdReading =
  { ok: true; kind: TaxIdKind; value: string } | { ok: false; message: string };

/** Reads a NIT or a DUI; a DUI's check digit must match. */
export function readTaxId(text: string): TaxIdReading {
  const digits = digitsOf(text);
  // All zeros passes the DUI's arithmetic but is no one's number.
  if (digits === null || /^0+$/.test(digits)) return { ok: false, message: TAX_ID_MESSAGE };
  if (digits.length === 14) {
    const value = `${digits.slice(0, 4)}-${digits.slice(4, 10)}-${digits.slice(10, 13)}-${digits.slice(13)}`;
    return { ok: true, kind: "nit", value };
  }
  if (digits.length === 9) {
    if (duiCheckDigit(digits) !== Number(digits[8])) {
      return { ok: false, message: DUI_CHECK_DIGIT_MESSAGE };
    }
    return { ok: true, kind: "dui", value: `${digits.slice(0, 8)}-${digits[8]}` };
  }
  return { ok: false, message: TAX_ID_MESSAGE };
}

/** The written form of a valid NIT or DUI, else null. */
export function formatTaxId(text: string): string | null {
  const reading = readTaxId(text);
  return reading.ok ? reading.value : null;
}
