import { AppError } from "../../errors";

/** El Salvador's clock: UTC−6 all year (shared/dates.ts). */
const SV_OFFSET_MS = 6 * 3600_000;
const DAY_MS = 86_400_000;

/** 'aaaa-mm-dd' of an instant, in El Salvador. */
const svDay = (at: Date) => new Date(at.getTime() - SV_OFFSET_MS).toISOString().slice(0, 10);

/** '23/11/2026' for the message. */
const shown = (day: string) => day.split("-").reverse().join("/");

/**
 * Issue 37 L8: a payout is dated between the day of the merchant's first order and
 * tomorrow (an administrator may record a transfer sent for the next morning), days read
 * in El Salvador; otherwise a 400 on `paidAt`.
 */
export function checkPaidAtRange(paidAt: Date, since: Date, now = new Date()): void {
  const day = svDay(paidAt);
  const first = svDay(since);
  const tomorrow = svDay(new Date(now.getTime() + DAY_MS));
  if (day < first || day > tomorrow) {
    const message = `La fecha de pago debe estar entre el ${shown(first)} y mañana`;
    throw AppError.validation([{ path: "paidAt", message }], message);
  }
}
