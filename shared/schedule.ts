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

export interface DaySchedule {
  open?: string;
  close?: string;
  closed?: boolean;
}

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

function parseDayText(text: string): DaySchedule | undefined {
  const value = text.trim();
  if (CLOSED_WORDS.has(value.toLowerCase())) return { closed: true };
  // 'open - close', either side may be missing ('09:00 -', '- 18:00').
  const match = /^([^-–]*)[-–]([^-–]*)$/.exec(value);
  if (!match) return undefined;
  const [open, close] = [match[1].trim(), match[2].trim()];
  if (!open && !close) return undefined;
  return timesOf(open || undefined, close || undefined);
}

function timesOf(open: unknown, close: unknown): DaySchedule | undefined {
  const day: DaySchedule = {};
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
  const { open, close, closed } = value as Record<string, unknown>;
  const day = timesOf(open, close);
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

/** 'monday: 09:00-18:00, tuesday: closed' or the form's 'Lunes: 09:00 - 18:00' lines. */
function parseScheduleText(text: string): WeekSchedule | null {
  const week: WeekSchedule = {};
  for (const entry of text.split(/[\n,;]/)) {
    if (entry.trim() === "") continue;
    const colon = entry.indexOf(":");
    if (colon < 0) return null;
    const weekday = toWeekday(entry.slice(0, colon));
    const day = parseDayText(entry.slice(colon + 1));
    if (!weekday || !day) return null;
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

export function describeDay(day: DaySchedule | undefined): string {
  if (!day || day.closed || (!day.open && !day.close)) return CLOSED_LABEL;
  if (day.open && day.close) return `${formatTime12(day.open)} - ${formatTime12(day.close)}`;
  return day.open ? `Desde ${formatTime12(day.open)}` : `Hasta ${formatTime12(day.close!)}`;
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
 * The open interval of a day in minutes from its midnight; `end` past 1440 means it
 * closes after midnight. Open-only runs to the end of the day, close-only from 00:00.
 */
function openInterval(day: DaySchedule | undefined): { start: number; end: number } | null {
  if (!day || day.closed || (!day.open && !day.close)) return null;
  const start = day.open ? minutesOfTime(day.open) : 0;
  const end = day.close ? minutesOfTime(day.close) : MINUTES_PER_DAY;
  return { start, end: end > start ? end : end + MINUTES_PER_DAY };
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
  const today = openInterval(week[day]);
  const yesterday = openInterval(week[WEEKDAYS[(index + 6) % 7]]);
  if (today && minute >= today.start && minute < today.end) return true;
  return yesterday !== null && minute + MINUTES_PER_DAY < yesterday.end;
}

function dayText(day: DaySchedule | undefined): string {
  if (!day || day.closed || (!day.open && !day.close)) return CLOSED_LABEL;
  return `${day.open ?? ""} - ${day.close ?? ""}`.trim();
}

/** The registration form's text, one line per weekday: 'Lunes: 09:00 - 18:00', 'Domingo: Cerrado'. */
export function scheduleToText(week: WeekSchedule): string {
  return WEEKDAYS.map((day) => `${WEEKDAY_LABELS[day]}: ${dayText(week[day])}`).join("\n");
}

/** The admin forms' JSON, keyed monday..sunday in order. */
export function scheduleToJson(week: WeekSchedule): string {
  const ordered: WeekSchedule = {};
  for (const day of WEEKDAYS) {
    const value = week[day];
    if (!value) continue;
    ordered[day] = {
      ...(value.open !== undefined && { open: value.open }),
      ...(value.close !== undefined && { close: value.close }),
      ...(value.closed && { closed: true }),
    };
  }
  return JSON.stringify(ordered);
}
