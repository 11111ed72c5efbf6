import { SV_TIME_ZONE } from "./el-salvador";

const longDate = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SV_TIME_ZONE,
});

const longDateTime = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SV_TIME_ZONE,
});

function toDate(value: string | Date): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '21 de noviembre de 2026' in El Salvador's time; '' for an invalid date. */
export function formatLongDate(value: string | Date): string {
  const date = toDate(value);
  return date ? longDate.format(date) : "";
}

/** '21 de noviembre de 2026, 14:30' (the joining word depends on the ICU version). */
export function formatLongDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? longDateTime.format(date) : "";
}
