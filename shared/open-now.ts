import { MONTH_NAMES, svDateOf } from "./dates";
import {
  dayIntervals,
  formatSpanishTime,
  minutesOfTime,
  parseSchedule,
  svWeekdayAndMinute,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type WeekSchedule,
} from "./schedule";

/**
 * 'Abierto ahora' for cards, pages and the database (docs/decisions/0011). The weekly
 * hours become minutes-of-week ranges (Monday 00:00 is minute 0), the same ranges the
 * merchant_hours table stores, so the page and the `?open=now` query agree.
 */

export const MINUTES_PER_DAY = 24 * 60;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** `[start, end)` in minutes of the week. */
export interface WeekRange {
  start: number;
  end: number;
}

/** A holiday or closure: the whole calendar day closed, or open only `open`–`close`. */
export interface SpecialDate {
  /** 'YYYY-MM-DD', El Salvador's calendar. */
  date: string;
  closed: boolean;
  /** 'HH:MM' when not closed. */
  open: string | null;
  /** 'HH:MM' when not closed; '24:00' is the end of the day. */
  close: string | null;
}

export interface OpeningFacts {
  schedule: unknown;
  temporarilyClosed?: boolean;
  specialDates?: readonly SpecialDate[];
}

export type OpenState =
  { open: true } | { open: false; reason: "temporarily-closed" | "closed"; opensAt: string | null };

// One reading and one Spanish writing of 'HH:MM' for the schedule and the open-now rules alike.
export { formatSpanishTime, minutesOfTime };

export function timeOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The open ranges of a week, sorted and merged: one per opening, so a split day (issue 36)
 * gives two. A range that closes after midnight runs into the next day; Sunday's wraps to
 * Monday morning as a second range.
 */
export function weekRanges(week: WeekSchedule): WeekRange[] {
  const raw: WeekRange[] = [];
  WEEKDAYS.forEach((weekday, index) => {
    // Open-only runs to the end of the day, close-only from 00:00 (like the schedule table).
    for (const interval of dayIntervals(week[weekday])) {
      const start = index * MINUTES_PER_DAY + interval.start;
      const end = index * MINUTES_PER_DAY + interval.end;
      if (end <= MINUTES_PER_WEEK) raw.push({ start, end });
      else raw.push({ start, end: MINUTES_PER_WEEK }, { start: 0, end: end - MINUTES_PER_WEEK });
    }
  });
  raw.sort((a, b) => a.start - b.start);
  const merged: WeekRange[] = [];
  for (const range of raw) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** The ranges of a stored schedule, or [] when it can't be read (never open then). */
export function scheduleRanges(schedule: unknown): WeekRange[] {
  const week = parseSchedule(schedule);
  return week ? weekRanges(week) : [];
}

/** The moment in El Salvador: its calendar date, minute of the day and of the week. */
export interface SvMoment {
  date: string;
  dayMinute: number;
  weekMinute: number;
}

export function svMoment(now: Date): SvMoment {
  const { day, minute } = svWeekdayAndMinute(now);
  return {
    date: svDateOf(now),
    dayMinute: minute,
    weekMinute: WEEKDAYS.indexOf(day) * MINUTES_PER_DAY + minute,
  };
}

/**
 * Open now, or closed and when it opens later today. Order of the rules: the
 * 'Cerrado temporalmente' switch, then a special date for today (it replaces the whole
 * day), then the weekly hours. Null when the schedule can't be read and no special date
 * decides: no badge rather than a wrong one.
 */
export function openState(facts: OpeningFacts, now: Date = new Date()): OpenState | null {
  if (facts.temporarilyClosed) return { open: false, reason: "temporarily-closed", opensAt: null };
  const moment = svMoment(now);
  const special = facts.specialDates?.find((d) => d.date === moment.date);
  if (special) {
    if (special.closed || !special.open || !special.close) {
      return { open: false, reason: "closed", opensAt: null };
    }
    const [open, close] = [minutesOfTime(special.open), minutesOfTime(special.close)];
    if (moment.dayMinute >= open && moment.dayMinute < close) return { open: true };
    return {
      open: false,
      reason: "closed",
      opensAt: moment.dayMinute < open ? special.open : null,
    };
  }
  const week = parseSchedule(facts.schedule);
  if (!week) return null;
  const ranges = weekRanges(week);
  const m = moment.weekMinute;
  if (ranges.some((r) => r.start <= m && m < r.end)) return { open: true };
  const endOfDay = m - moment.dayMinute + MINUTES_PER_DAY;
  const next = ranges.find((r) => r.start > m && r.start < endOfDay);
  return {
    open: false,
    reason: "closed",
    opensAt: next ? timeOfMinutes(next.start - (m - moment.dayMinute)) : null,
  };
}

export const OPEN_NOW_LABEL = "Abierto ahora";
export const CLOSED_NOW_LABEL = "Cerrado ahora";
export const TEMPORARILY_CLOSED_LABEL = "Cerrado temporalmente";

/** A special date as said in a sentence: '2026-12-25' → 'viernes, 25 de diciembre'. */
export function formatCalendarDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  const weekday = WEEKDAY_LABELS[WEEKDAYS[(day.getUTCDay() + 6) % 7]!].toLowerCase();
  return `${weekday}, ${day.getUTCDate()} de ${MONTH_NAMES[day.getUTCMonth()]}`;
}

/** The badge's words for a state. */
export function openStateLabel(state: OpenState): string {
  if (state.open) return OPEN_NOW_LABEL;
  if (state.reason === "temporarily-closed") return TEMPORARILY_CLOSED_LABEL;
  return state.opensAt ? `Abre a las ${formatSpanishTime(state.opensAt)}` : CLOSED_NOW_LABEL;
}
