import { MONTH_NAMES, svDateOf } from "./dates";

/**
 * Issue 37: the electronic invoice (DTE) of the Ministerio de Hacienda that a merchant issued
 * for an order. Tiangue issues none: it keeps the merchant's código de generación and date
 * and links to Hacienda's public lookup, which asks for both (the same address a DTE's QR
 * code holds; `ambiente=01` is production, `00` the test environment).
 */
export const DTE_LOOKUP_URL = "https://admin.factura.gob.sv/consultaPublica";

export const DTE_CODE_MESSAGE =
  "El código de generación es un UUID de 36 caracteres (ej: 3F2504E0-4F89-11D3-9A0C-0305E82C3301)";
export const DTE_DATE_MESSAGE = "Escribe la fecha de emisión del DTE (AAAA-MM-DD)";
export const DTE_DATE_FUTURE_MESSAGE = "La fecha de emisión no puede ser posterior a hoy";
export const DTE_DATE_BEFORE_ORDER_MESSAGE =
  "La fecha de emisión no puede ser anterior a la fecha del pedido";

/**
 * Eight, four, four, four and twelve hexadecimal digits. Any version and variant: Hacienda's
 * codes are not all RFC 4122 ones (e.g. 03754C2B-E078-3A11-E064-00144FFB12D3).
 */
export const DTE_CODE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lookup of one DTE on Hacienda's public site. */
export function dteLookupUrl(code: string, issuedAt: string): string {
  const query = new URLSearchParams({
    ambiente: "01",
    codGen: code.toUpperCase(),
    fechaEmi: issuedAt,
  });
  return `${DTE_LOOKUP_URL}?${query.toString()}`;
}

/**
 * A calendar day 'YYYY-MM-DD' read from what a person or a client sends: the day itself, or
 * an ISO date-time (then the day it is in El Salvador). Null when it is neither, or no such day.
 */
export function readCalendarDay(text: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const check = new Date(Date.UTC(year, month - 1, date));
    const real =
      check.getUTCFullYear() === year &&
      check.getUTCMonth() === month - 1 &&
      check.getUTCDate() === date;
    return real ? text : null;
  }
  // A date-time must say its offset: without one, the day would be the server's guess.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    return null;
  }
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : svDateOf(instant);
}

/** '3 de diciembre de 2026' for the day '2026-12-03' (no time zone: it is a calendar day). */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${date} de ${MONTH_NAMES[month - 1]} de ${year}`;
}

/** An order's DTE as the repositories read it (the code as PostgreSQL writes a uuid). */
export interface StoredDte {
  code: string;
  issuedOn: string;
}

/** What every order answer carries of it: the code, its day and Hacienda's lookup. */
export function toOrderDte(
  stored: StoredDte | null,
): { code: string; issuedAt: string; lookupUrl: string } | null {
  if (!stored) return null;
  const code = stored.code.toUpperCase();
  return { code, issuedAt: stored.issuedOn, lookupUrl: dteLookupUrl(code, stored.issuedOn) };
}
