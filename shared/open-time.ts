import { svWallClock } from "./dates";
import {
  MINUTES_PER_DAY,
  MINUTES_PER_WEEK,
  minutesOfTime,
  scheduleRanges,
  svMoment,
  type OpeningFacts,
  type SpecialDate,
  type WeekRange,
} from "./open-now";

/**
 * The open-time clock: how long a shop has been open since an instant, and when it will
 * have been open N minutes. An order's reminder and expiry count these minutes, so an
 * order placed at 22:00 for a shop that opens at 8:00 starts counting at 8:00. Pure (no
 * Node APIs): the server's worker and the browser's countdown read the same clock.
 *
 * Rules, beside openState's (open-now.ts):
 * - `temporarilyClosed` stops the clock: 0 minutes, no deadline.
 * - A special date replaces its whole calendar day: closed, or open only open–close (a
 *   close at or before the open is closed, as the badge reads it; '24:00' is midnight), and
 *   the previous evening's hours stop at its midnight.
 * - Hours that can't be read, or a week without a single open range, count every minute:
 *   unknown hours must not stall an order (special dates still apply on top).
 * - Minutes are answered as a float, exact to the millisecond (intervals are summed in whole
 *   milliseconds, so 10 open minutes answer exactly 10 and `>= 10` is right to the ms).
 * - Each answer looks at most OPEN_TIME_WINDOW_DAYS ahead of `from`, walking day by day and
 *   range by range.
 */

/** How far either function looks from `from`; beyond it time isn't counted. */
export const OPEN_TIME_WINDOW_DAYS = 60;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;
const WINDOW_MS = OPEN_TIME_WINDOW_DAYS * MS_PER_DAY;
// El Salvador's offset from UTC (−6 h), read off dates.ts's clock rather than written twice.
const SV_OFFSET_MS = svWallClock(new Date(0)).getTime();

/** What the clock runs on: the week's open ranges (null: every minute) and the special dates. */
export interface OpenWeek {
  ranges: readonly WeekRange[] | null;
  specialDates?: readonly SpecialDate[];
}

/** Sorted, merged and kept inside the week, so a day's ranges come in order and never overlap. */
function normalizeRanges(ranges: readonly WeekRange[]): WeekRange[] {
  const sorted = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(MINUTES_PER_WEEK, r.end) }))
    .filter((r) => r.start < r.end)
    .sort((a, b) => a.start - b.start);
  const merged: WeekRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push(range);
  }
  return merged;
}

/** The clock of a shop's facts; null when it is stopped (temporarily closed). */
export function openWeekOf(facts: OpeningFacts): OpenWeek | null {
  if (facts.temporarilyClosed) return null;
  const ranges = scheduleRanges(facts.schedule);
  return { ranges: ranges.length > 0 ? ranges : null, specialDates: facts.specialDates };
}

/** The instant El Salvador's calendar day holding `ms` began (its midnight, 06:00 UTC). */
function svDayStart(ms: number): number {
  return Math.floor((ms + SV_OFFSET_MS) / MS_PER_DAY) * MS_PER_DAY - SV_OFFSET_MS;
}

/** The open minutes of the day that begins at `dayStart`, as [start, end) from its midnight. */
function dayMinutes(
  ranges: readonly WeekRange[] | null,
  specials: ReadonlyMap<string, SpecialDate>,
  dayStart: number,
): [number, number][] {
  const { date, weekMinute: midnight } = svMoment(new Date(dayStart));
  const special = specials.get(date);
  if (special) {
    if (special.closed || !special.open || !special.close) return [];
    const open = minutesOfTime(special.open);
    const close = Math.min(minutesOfTime(special.close), MINUTES_PER_DAY);
    return open < close ? [[open, close]] : [];
  }
  if (!ranges) return [[0, MINUTES_PER_DAY]];
  const day: [number, number][] = [];
  for (const range of ranges) {
    // weekRanges already cut Sunday night at the week's end and wrapped it to Monday 00:00.
    const start = Math.max(range.start, midnight);
    const end = Math.min(range.end, midnight + MINUTES_PER_DAY);
    if (start < end) day.push([start - midnight, end - midnight]);
  }
  return day;
}

/**
 * Visits each open interval [start, end) in epoch ms within [fromMs, untilMs), in order,
 * day by day; stops early when `visit` answers true.
 */
function walkOpen(
  week: OpenWeek,
  fromMs: number,
  untilMs: number,
  visit: (start: number, end: number) => boolean,
): void {
  const ranges = week.ranges ? normalizeRanges(week.ranges) : null;
  const specials = new Map<string, SpecialDate>();
  // The first entry for a date wins, as openState's find() reads them.
  for (const special of week.specialDates ?? []) {
    if (!specials.has(special.date)) specials.set(special.date, special);
  }
  for (let dayStart = svDayStart(fromMs); dayStart < untilMs; dayStart += MS_PER_DAY) {
    for (const [open, close] of dayMinutes(ranges, specials, dayStart)) {
      const start = Math.max(dayStart + open * MS_PER_MINUTE, fromMs);
      const end = Math.min(dayStart + close * MS_PER_MINUTE, untilMs);
      if (start < end && visit(start, end)) return;
    }
  }
}

/** Open minutes of [from, to) by a week's ranges and special dates; null week: stopped. */
export function openMinutesInWeek(week: OpenWeek | null, from: Date, to: Date): number {
  const fromMs = from.getTime();
  const untilMs = Math.min(to.getTime(), fromMs + WINDOW_MS);
  // Also false for an invalid date (NaN).
  if (!week || !(fromMs < untilMs)) return 0;
  let openMs = 0;
  walkOpen(week, fromMs, untilMs, (start, end) => {
    openMs += end - start;
    return false;
  });
  return openMs / MS_PER_MINUTE;
}

/** When `openMinutes` open minutes will have passed since `from`; null: not within the window. */
export function openDeadlineInWeek(
  week: OpenWeek | null,
  from: Date,
  openMinutes: number,
): Date | null {
  const fromMs = from.getTime();
  if (!week || Number.isNaN(fromMs) || !Number.isFinite(openMinutes)) return null;
  // Rounded up, so that at the deadline at least `openMinutes` have passed.
  let remaining = Math.max(0, Math.ceil(openMinutes * MS_PER_MINUTE));
  if (remaining === 0) return new Date(fromMs);
  let deadline: number | null = null;
  walkOpen(week, fromMs, fromMs + WINDOW_MS, (start, end) => {
    if (end - start >= remaining) {
      deadline = start + remaining;
      return true;
    }
    remaining -= end - start;
    return false;
  });
  return deadline === null ? null : new Date(deadline);
}

/** How many minutes of [from, to) the shop was open (0 when from ≥ to or it is stopped). */
export function openMinutesBetween(facts: OpeningFacts, from: Date, to: Date): number {
  return openMinutesInWeek(openWeekOf(facts), from, to);
}

/**
 * The instant at which the shop will have been open `openMinutes` minutes since `from`;
 * null when temporarily closed or when that many open minutes don't come within
 * OPEN_TIME_WINDOW_DAYS.
 */
export function openDeadline(facts: OpeningFacts, from: Date, openMinutes: number): Date | null {
  return openDeadlineInWeek(openWeekOf(facts), from, openMinutes);
}
