/**
 * El Salvador's dates and times, in Spanish, written without Intl.
 *
 * The country keeps UTC−6 all year, with no daylight saving (../shared/spec/el-salvador.md),
 * so its wall clock is the UTC clock six hours back. Intl.DateTimeFormat is not used because
 * the first formatter a browser tab builds sets up ICU's date data: 20–120 ms on this
 * project's machine before any throttling, four times that on Lighthouse's phone, in the
 * page's first task, on every public page (issue 27, docs/decisions/0030). Written here, the
 * words are also the same on the server and in every browser, so hydration never differs.
 */

const SV_UTC_OFFSET_MS = -6 * 60 * 60 * 1000;

/** A Date whose UTC fields (getUTCFullYear, getUTCDay, getUTCHours…) are El Salvador's clock. */
export function svWallClock(instant: Date): Date {
  return new Date(instant.getTime() + SV_UTC_OFFSET_MS);
}

/** January first, as a sentence writes them. */
export const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

const twoDigits = (n: number) => String(n).padStart(2, "0");

function toDate(value: string | Date): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar date in El Salvador, 'YYYY-MM-DD'. */
export function svDateOf(instant: Date): string {
  const sv = svWallClock(instant);
  return `${sv.getUTCFullYear()}-${twoDigits(sv.getUTCMonth() + 1)}-${twoDigits(sv.getUTCDate())}`;
}

/** '21 de noviembre de 2026' in El Salvador's time; '' for an invalid date. */
export function formatLongDate(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  const sv = svWallClock(date);
  return `${sv.getUTCDate()} de ${MONTH_NAMES[sv.getUTCMonth()]} de ${sv.getUTCFullYear()}`;
}

/** '21 de noviembre de 2026, 14:30' in El Salvador's time (24 h); '' for an invalid date. */
export function formatLongDateTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  const sv = svWallClock(date);
  return `${formatLongDate(date)}, ${twoDigits(sv.getUTCHours())}:${twoDigits(sv.getUTCMinutes())}`;
}
