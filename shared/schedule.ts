import { svWallClock } from "./dates";
import { stripAccents } from "./slug";

export type Weekday =
  "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";

export const WEEKDAYS: readonly Weekday[] = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: "Lunes",
  tuesday: "Martes",
  wednesday: "Miércoles",
  thursday: "Jueves",
  friday: "Viernes",
  saturday: "Sábado",
  sunday: "Domingo",
};

/** One opening of a day: 'HH:MM' each side; a side may be missing on a one-range day. */
export interface TimeRange {
  open?: string;
  close?: string;
}

/**
 * A weekday's hours: the spec's `{open, close, closed}`, or a split day (issue 36: a shop
 * that closes at lunch) as `{ranges: [{open, close}, {open, close}], closed}`, without
 * open/close beside them. parseSchedule writes a one-range `ranges` back as open/close.
 */
export interface DaySchedule {
  open?: string;
  close?: string;
  closed?: boolean;
  ranges?: TimeRange[];
}

/** A day opens at most twice (issue 36: morning and afternoon). */
export const MAX_DAY_RANGES = 2;

export type WeekSchedule = Partial<Record<Weekday, DaySchedule>>;

export const SCHEDULE_UNAVAILABLE = "Horario no disponible";
export const CLOSED_LABEL = "Cerrado";

/** Spec §9: Monday–Friday 09:00-18:00, Saturday 09:00-14:00, Sunday 10:00-16:00 and closed. */
export const DEFAULT_REGISTRATION_HOURS: Record<Weekday, DaySchedule> = {
  monday: { open: "09:00", close: "18:00" },
  tuesday: { open: "09:00", close: "18:00" },
  wednesday: { open: "09:00", close: "18:00" },
  thursday: { open: "09:00", close: "18:00" },
  friday: { open: "09:00", close: "18:00" },
  saturday: { open: "09:00", close: "14:00" },
  sunday: { open: "10:00", close: "16:00", closed: true },
};

/** English keys and Spanish names, compared lower-case and without accents. */
const DAY_NAMES = new Map<string, Weekday>(
  WEEKDAYS.flatMap((day) => [
    [day, day],
    [stripAccents(WEEKDAY_LABELS[day]).toLowerCase(), day],
  ]),
);

function toWeekday(name: string): Weekday | undefined {
  return DAY_NAMES.get(stripAccents(name).trim().toLowerCase());
}

const CLOSED_WORDS = new Set(["closed", "cerrado"]);

const COLON = 58;
const ZERO = 48;

/** The number written by the two digits at `at`, or -1 when they aren't two digits. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - ZERO;
  const units = text.charCodeAt(at + 1) - ZERO;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

/** 'H:MM' or 'HH:MM' 24h, optionally with am/pm → 'HH:MM'; undefined if unreadable. */
function parseTime(text: string): string | undefined {
  // Stored schedules are already 'HH:MM': read those without the pattern (a category page
  // reads 30 merchants' weeks, issue 13).
  if (text.length === 5 && text.charCodeAt(2) === COLON) {
    const hours = twoDigits(text, 0);
    const minutes = twoDigits(text, 3);
    if (hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59) return text;
  }
  const match = /^(\d{1,2}):(\d{2})\s*(?:([ap])\.?\s*m\.?)?$/i.exec(text.trim());
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (meridiem === "p" ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** 'open - close', either side may be missing ('09:00 -', '- 18:00'). */
function parseRangeText(text: string): TimeRange | undefined {
  const match = /^([^-–]*)[-–]([^-–]*)$/.exec(text.trim());
  if (!match) return undefined;
  const [open, close] = [match[1].trim(), match[2].trim()];
  if (!open && !close) return undefined;
  return timesOf(open || undefined, close || undefined);
}

/** 'Cerrado', '09:00 - 18:00' or a split day '09:00 - 12:00, 14:00 - 18:00'. */
function parseDayText(text: string): DaySchedule | undefined {
  const value = text.trim();
  if (CLOSED_WORDS.has(value.toLowerCase())) return { closed: true };
  const parts = value.split(",");
  if (parts.length === 1) return parseRangeText(value);
  const ranges: TimeRange[] = [];
  for (const part of parts) {
    const range = parseRangeText(part);
    if (!range) return undefined;
    ranges.push(range);
  }
  return splitDay(ranges);
}

/**
 * A day of `ranges`: one range is the spec's day; two must each have both times, the first
 * within the day and the second opening when or after the first closes (it may close after
 * midnight). Anything else can't be read.
 */
function splitDay(ranges: readonly TimeRange[]): DaySchedule | undefined {
  if (ranges.length === 1) return { ...ranges[0] };
  if (ranges.length < 1 || ranges.length > MAX_DAY_RANGES) return undefined;
  const [first, second] = ranges as [TimeRange, TimeRange];
  if (!first.open || !first.close || !second.open || !second.close) return undefined;
  const [open, close, reopen] = [first.open, first.close, second.open].map(minutesOfTime);
  if (!(open < close && close <= reopen)) return undefined;
  return { ranges: ranges.map((r) => ({ open: r.open, close: r.close })) };
}

function parseRangesValue(value: unknown): DaySchedule | undefined {
  if (!Array.isArray(value)) return undefined;
  const ranges: TimeRange[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
    const { open, close } = item as Record<string, unknown>;
    const range = timesOf(open, close);
    if (!range || (!range.open && !range.close)) return undefined;
    ranges.push(range);
  }
  return splitDay(ranges);
}

function timesOf(open: unknown, close: unknown): TimeRange | undefined {
  const day: TimeRange = {};
  for (const [key, raw] of [
    ["open", open],
    ["close", close],
  ] as const) {
    if (raw === undefined || raw === null || raw === "") continue;
    if (typeof raw !== "string") return undefined;
    const time = parseTime(raw);
    if (!time) return undefined;
    day[key] = time;
  }
  return day;
}

function parseDayValue(value: unknown): DaySchedule | undefined {
  if (typeof value === "string") return parseDayText(value);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { open, close, closed, ranges } = value as Record<string, unknown>;
  // A split day carries its times in `ranges` alone: both would say two things.
  const hasTimes = [open, close].some((t) => t !== undefined && t !== null && t !== "");
  const day: DaySchedule | undefined =
    ranges === undefined || ranges === null
      ? timesOf(open, close)
      : hasTimes
        ? undefined
        : parseRangesValue(ranges);
  if (!day) return undefined;
  if (closed === true) day.closed = true;
  else if (closed !== undefined && closed !== null && closed !== false) return undefined;
  return day;
}

function parseScheduleObject(input: object): WeekSchedule | null {
  const week: WeekSchedule = {};
  for (const [key, value] of Object.entries(input)) {
    const weekday = toWeekday(key);
    if (!weekday || value === null || value === undefined) continue;
    const day = parseDayValue(value);
    if (!day) return null;
    week[weekday] = day;
  }
  return Object.keys(week).length > 0 ? week : null;
}

/**
 * 'monday: 09:00-18:00, tuesday: closed' or the form's 'Lunes: 09:00 - 18:00' lines. An
 * entry without a day name is the previous day's second range: 'Lunes: 09:00 - 12:00,
 * 14:00 - 18:00'.
 */
function parseScheduleText(text: string): WeekSchedule | null {
  const week: WeekSchedule = {};
  const ranges = new Map<Weekday, TimeRange[]>();
  let last: Weekday | undefined;
  for (const entry of text.split(/[\n,;]/)) {
    if (entry.trim() === "") continue;
    const colon = entry.indexOf(":");
    if (colon < 0) return null;
    const weekday = toWeekday(entry.slice(0, colon));
    if (!weekday) {
      const more = last && ranges.get(last);
      const range = parseRangeText(entry);
      if (!more || !range) return null;
      more.push(range);
      continue;
    }
    const day = parseDayText(entry.slice(colon + 1));
    if (!day) return null;
    week[weekday] = day;
    last = weekday;
    // Only an open day's range can go on ('Lunes: Cerrado, 14:00 - 18:00' can't be read).
    if (day.closed) ranges.delete(weekday);
    else ranges.set(weekday, day.ranges ? [...day.ranges] : [{ open: day.open, close: day.close }]);
  }
  for (const [weekday, dayRanges] of ranges) {
    if (dayRanges.length === 1) continue;
    const day = splitDay(dayRanges);
    if (!day) return null;
    week[weekday] = day;
  }
  return Object.keys(week).length > 0 ? week : null;
}

/**
 * Reads a schedule in any of the shapes spec §3 allows: an object keyed by weekday,
 * its JSON text, comma-separated 'day: open-close' text, or the registration form's
 * lines. Returns null when it can't be read, rather than show wrong hours.
 */
export function parseSchedule(input: unknown): WeekSchedule | null {
  if (typeof input === "string") {
    const text = input.trim();
    if (text.startsWith("{")) {
      try {
        return parseSchedule(JSON.parse(text));
      } catch {
        return null;
      }
    }
    return text ? parseScheduleText(text) : null;
  }
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    return parseScheduleObject(input);
  }
  return null;
}

/** '00:00' → '12:00am', '09:05' → '9:05am', '12:00' → '12:00pm', '18:30' → '6:30pm'. */
export function formatTime12(hhmm: string): string {
  const time = parseTime(hhmm);
  if (!time) return hhmm;
  const [hours, minutes] = time.split(":").map(Number);
  const suffix = hours < 12 ? "am" : "pm";
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")}${suffix}`;
}

/**
 * The openings of a day in order: [] when it is closed or has no time, one range for the
 * spec's day, two for a split day.
 */
export function dayRanges(day: DaySchedule | undefined): TimeRange[] {
  if (!day || day.closed) return [];
  if (day.ranges) return day.ranges;
  return day.open || day.close ? [{ open: day.open, close: day.close }] : [];
}

/** '09:00' → '9:00 a. m.', '13:30' → '1:30 p. m.', '00:00' → '12:00 a. m.' (Spanish style). */
export function formatSpanishTime(hhmm: string): string {
  const minutes = minutesOfTime(hhmm);
  const hours = Math.floor(minutes / 60) % 24;
  const suffix = hours < 12 ? "a. m." : "p. m.";
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
}

/**
 * A day for the schedule table. The spec's day reads as spec §3 says ('9:00am - 6:00pm',
 * 'Desde …', 'Hasta …'); a split day as issue 36 writes it: '9:00 a. m. – 12:00 p. m.,
 * 2:00 p. m. – 6:00 p. m.'.
 */
export function describeDay(day: DaySchedule | undefined): string {
  const ranges = dayRanges(day);
  if (ranges.length === 0) return CLOSED_LABEL;
  if (ranges.length > 1) {
    return ranges
      .map((r) => `${formatSpanishTime(r.open!)} – ${formatSpanishTime(r.close!)}`)
      .join(", ");
  }
  const { open, close } = ranges[0]!;
  if (open && close) return `${formatTime12(open)} - ${formatTime12(close)}`;
  return open ? `Desde ${formatTime12(open)}` : `Hasta ${formatTime12(close!)}`;
}

export interface ScheduleRow {
  day: Weekday;
  label: string;
  text: string;
}

/** A row per weekday for display, or null when the schedule is unreadable. */
export function scheduleRows(input: unknown): ScheduleRow[] | null {
  const week = parseSchedule(input);
  if (!week) return null;
  return WEEKDAYS.map((day) => ({ day, label: WEEKDAY_LABELS[day], text: describeDay(week[day]) }));
}

const MINUTES_PER_DAY = 24 * 60;

/** Minutes from midnight of a time as parseTime writes it ('HH:MM'; '24:00' too). */
export function minutesOfTime(hhmm: string): number {
  const colon = hhmm.indexOf(":");
  return Number(hhmm.slice(0, colon)) * 60 + Number(hhmm.slice(colon + 1));
}

/**
 * The open intervals of a day in minutes from its midnight, in order; an `end` past 1440
 * means it closes after midnight. Open-only runs to the end of the day, close-only from 00:00.
 */
export function dayIntervals(day: DaySchedule | undefined): { start: number; end: number }[] {
  return dayRanges(day).map(({ open, close }) => {
    const start = open ? minutesOfTime(open) : 0;
    const end = close ? minutesOfTime(close) : MINUTES_PER_DAY;
    return { start, end: end > start ? end : end + MINUTES_PER_DAY };
  });
}

/** The weekday and minute of the day in El Salvador. */
export function svWeekdayAndMinute(now: Date): { day: Weekday; minute: number } {
  const sv = svWallClock(now);
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  const day = WEEKDAYS[(sv.getUTCDay() + 6) % 7]!;
  return { day, minute: sv.getUTCHours() * 60 + sv.getUTCMinutes() };
}

/** Open right now in El Salvador's time (decisions §4); null when the schedule is unreadable. */
export function isOpenNow(input: unknown, now: Date = new Date()): boolean | null {
  const week = parseSchedule(input);
  if (!week) return null;
  const { day, minute } = svWeekdayAndMinute(now);
  const index = WEEKDAYS.indexOf(day);
  if (dayIntervals(week[day]).some((r) => minute >= r.start && minute < r.end)) return true;
  const yesterday = dayIntervals(week[WEEKDAYS[(index + 6) % 7]]);
  return yesterday.some((r) => minute + MINUTES_PER_DAY < r.end);
}

function dayText(day: DaySchedule | undefined): string {
  const ranges = dayRanges(day);
  if (ranges.length === 0) return CLOSED_LABEL;
  return ranges.map((r) => `${r.open ?? ""} - ${r.close ?? ""}`.trim()).join(", ");
}

/**
 * The registration form's text, one line per weekday: 'Lunes: 09:00 - 18:00', 'Domingo:
 * Cerrado', a split day 'Lunes: 09:00 - 12:00, 14:00 - 18:00'.
 */
export function scheduleToText(week: WeekSchedule): string {
  return WEEKDAYS.map((day) => `${WEEKDAY_LABELS[day]}: ${dayText(week[day])}`).join("\n");
}

/** The admin forms' JSON, keyed monday..sunday in order. */
export function scheduleToJson(week: WeekSchedule): string {
  const ordered: WeekSchedule = {};
  for (const day of WEEKDAYS) {
    const value = week[day];
    if (!value) continue;
    // A split day as issue 36 writes it: its ranges and `closed` always said.
    ordered[day] = value.ranges
      ? {
          ranges: value.ranges.map((r) => ({ open: r.open, close: r.close })),
          closed: !!value.closed,
        }
      : {
          ...(value.open !== undefined && { open: value.open }),
          ...(value.close !== undefined && { close: value.close }),
          ...(value.closed && { closed: true }),
        };
  }
  return JSON.stringify(ordered);
}
