import {
  contactEventSchema,
  type ContactCounts,
  type MerchantStatsDto,
} from "../../../shared/merchant-portal";
import { parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import * as repo from "./events.repository";

/** The chart's span, and the short total beside it. */
const LONG_DAYS = 30;
const SHORT_DAYS = 7;
const TOP_PRODUCTS = 10;

const zero = (): ContactCounts => ({ whatsapp: 0, call: 0, email: 0 });

/** 'YYYY-MM-DD' `n` days before `date` (calendar arithmetic, no time zone involved). */
function daysBefore(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/**
 * Issue 11's 'Resumen': the public pages' presses of WhatsApp, Llamar and Email, and
 * product views, counted per day on the server (no third-party analytics, nothing about
 * the visitor kept).
 */
export function createEventsService({ db }: ServiceDeps) {
  return {
    /** POST /api/events: counts the event if its merchant (and product) are public. */
    async record(input: unknown): Promise<void> {
      await repo.countEvent(db, parseInput(contactEventSchema, input));
    },

    async stats(merchantId: number): Promise<MerchantStatsDto> {
      const [today, rows, topProducts] = await Promise.all([
        repo.today(db),
        repo.dailyCounts(db, merchantId, LONG_DAYS),
        repo.topViewedProducts(db, merchantId, LONG_DAYS, TOP_PRODUCTS),
      ]);
      const shortFrom = daysBefore(today, SHORT_DAYS - 1);
      const daily = Array.from({ length: LONG_DAYS }, (_, i) => ({
        date: daysBefore(today, LONG_DAYS - 1 - i),
        views: 0,
        ...zero(),
      }));
      const byDate = new Map(daily.map((d) => [d.date, d]));
      const last7Days = zero();
      const last30Days = zero();
      for (const row of rows) {
        const day = byDate.get(row.date);
        if (!day) continue;
        if (row.type === "view") {
          day.views += row.count;
          continue;
        }
        const type = row.type as keyof ContactCounts;
        day[type] += row.count;
        last30Days[type] += row.count;
        if (row.date >= shortFrom) last7Days[type] += row.count;
      }
      return { last7Days, last30Days, daily, topProducts };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
