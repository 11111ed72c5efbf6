import { formatLongDate } from "../../../shared/dates";
import { SV_TIME_ZONE } from "../../../shared/el-salvador";

const timeOfDay = new Intl.DateTimeFormat("es-ES", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: SV_TIME_ZONE,
});

/**
 * '25 de noviembre de 2026, 11:05' in El Salvador's time, put together here because the
 * word Intl joins a date and a time with differs between the server's ICU and the
 * browser's, and the order pages are rendered on the server then hydrated. Its own module
 * so /orders shows a date without loading the order page's code (issue 27).
 */
export function placedAt(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : `${formatLongDate(date)}, ${timeOfDay.format(date)}`;
}
