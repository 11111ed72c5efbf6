import { useState } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import {
  type DaySchedule,
  DEFAULT_REGISTRATION_HOURS,
  parseSchedule,
  scheduleToJson,
  scheduleToText,
  type TimeRange,
  type Weekday,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from "../../../shared/schedule";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";

export type WeekHours = Record<Weekday, DaySchedule>;

/**
 * How a form writes the schedule (spec §3): the public registration one line per day
 * ('Lunes: 09:00 - 18:00'), the admin and portal forms JSON keyed monday..sunday.
 */
export type ScheduleFormat = "lines" | "json";

export function writeSchedule(hours: WeekHours, format: ScheduleFormat): string {
  return format === "lines" ? scheduleToText(hours) : scheduleToJson(hours);
}

/**
 * A stored schedule for the editor: every weekday, missing ones closed. None or an
 * unreadable one gives `fallback`; `unreadable` says the stored one could not be read.
 */
export function storedHours(
  stored: string | undefined,
  fallback: WeekHours = DEFAULT_REGISTRATION_HOURS,
): { hours: WeekHours; unreadable: boolean } {
  if (stored === undefined) return { hours: fallback, unreadable: false };
  const week = parseSchedule(stored);
  if (!week) return { hours: fallback, unreadable: true };
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => [day, week[day] ?? { closed: true }]),
  ) as WeekHours;
  return { hours, unreadable: false };
}

/**
 * The hours editor bound to a form's `schedule` text field, which it keeps written in
 * `format`; the field's error under it. The field starts at `writeSchedule(startHours, format)`;
 * when the form resets it, the editor goes back to `startHours` (or reads the new value).
 */
export function ScheduleField<T extends FieldValues & { schedule?: string }, TOut = T>({
  control,
  format,
  startHours,
  errorId,
  error,
  unreadable = false,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  format: ScheduleFormat;
  /** What the field's default value was written from: it keeps the times of closed days. */
  startHours: WeekHours;
  errorId: string;
  error?: string;
  /** The stored schedule could not be read: the editor shows the fallback and says so. */
  unreadable?: boolean;
  disabled?: boolean;
}) {
  const { field } = useController({ control, name: "schedule" as FieldPath<T> });
  const value = (field.value as string | undefined) ?? "";
  // The editor keeps its own week: the text drops the times of a day marked closed.
  const hoursOf = (text: string) =>
    text === writeSchedule(startHours, format) ? startHours : storedHours(text).hours;
  const [editor, setEditor] = useState(() => ({ value, hours: hoursOf(value) }));
  if (editor.value !== value) setEditor({ value, hours: hoursOf(value) });
  return (
    <div>
      {unreadable && (
        <p className="mb-2 rounded-md bg-maiz-100 p-2 text-sm text-amber-900">
          El horario guardado no se pudo leer; revisa el horario antes de guardar.
        </p>
      )}
      <HoursEditor
        value={editor.hours}
        disabled={disabled}
        onChange={(hours) => {
          const next = writeSchedule(hours, format);
          setEditor({ value: next, hours });
          field.onChange(next);
        }}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export interface HoursEditorProps {
  value: WeekHours;
  onChange: (value: WeekHours) => void;
  disabled?: boolean;
}

const TIME_FIELDS = [
  { key: "open", word: "Abre", again: "Reabre" },
  { key: "close", word: "Cierra", again: "Cierra" },
] as const;

// The lunch break a second range starts from ('09:00 - 18:00' → '09:00 - 12:00, 14:00 - 18:00').
const LUNCH_FROM = "12:00";
const LUNCH_TO = "14:00";

/**
 * A day split in two (issue 36): a day open across lunch closes 12:00–14:00; any other
 * keeps its range and adds an empty one for the merchant to fill (the form refuses it
 * until then).
 */
export function splitAtLunch(day: DaySchedule): DaySchedule {
  const { open, close, closed } = day;
  const across = open && close && open < LUNCH_FROM && close > LUNCH_TO;
  const ranges: TimeRange[] = across
    ? [
        { open, close: LUNCH_FROM },
        { open: LUNCH_TO, close },
      ]
    : [{ open, close }, {}];
  return { ranges, ...(closed && { closed }) };
}

/** Back to one range: from the first opening to the last closing. */
export function joinRanges(day: DaySchedule): DaySchedule {
  const ranges = day.ranges ?? [];
  return {
    open: ranges[0]?.open,
    close: ranges.at(-1)?.close ?? ranges[0]?.close,
    ...(day.closed && { closed: true }),
  };
}

/**
 * Weekly opening hours: open and close time per day, a 'Cerrado' checkbox, and a second
 * range for a shop that closes at lunch ('Agregar otro horario').
 */
export function HoursEditor({ value, onChange, disabled }: HoursEditorProps) {
  const set = (day: Weekday, next: DaySchedule) => onChange({ ...value, [day]: next });
  const setTime = (day: Weekday, index: number, change: TimeRange) => {
    const hours = value[day] ?? {};
    if (!hours.ranges) return set(day, { ...hours, ...change });
    const ranges = hours.ranges.map((r, i) => (i === index ? { ...r, ...change } : r));
    set(day, { ...hours, ranges });
  };
  return (
    <fieldset className="rounded-md border border-stone-200 p-3 sm:p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-stone-800">Horario de atención</legend>
      <ul className="flex flex-col divide-y divide-stone-100">
        {WEEKDAYS.map((day) => {
          const hours = value[day] ?? {};
          const label = WEEKDAY_LABELS[day];
          const closed = hours.closed === true;
          const ranges: TimeRange[] = hours.ranges ?? [{ open: hours.open, close: hours.close }];
          return (
            <li
              key={day}
              className="grid grid-cols-2 items-center gap-2 py-2 sm:grid-cols-[7rem_1fr_1fr_auto] sm:gap-3"
            >
              <span className="text-sm font-medium text-stone-800">{label}</span>
              <label className="col-start-2 flex items-center justify-end gap-2 text-sm text-stone-800 sm:col-start-4 sm:row-start-1">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={closed}
                  onChange={(event) => set(day, { ...hours, closed: event.target.checked })}
                />
                Cerrado
                <span className="sr-only"> el {label}</span>
              </label>
              {ranges.map((range, index) =>
                TIME_FIELDS.map((field, column) => (
                  <label
                    key={`${index}-${field.key}`}
                    className={cn(
                      "flex flex-col gap-1 text-xs text-stone-600",
                      column === 0 ? "sm:col-start-2" : "sm:col-start-3",
                      index === 0 ? "sm:row-start-1" : "sm:row-start-2",
                    )}
                  >
                    <span>
                      {index === 0 ? field.word : field.again}
                      <span className="sr-only">
                        {" "}
                        el {label}
                        {index > 0 && " (segundo horario)"}
                      </span>
                    </span>
                    <Input
                      type="time"
                      value={range[field.key] ?? ""}
                      disabled={closed}
                      onChange={(event) =>
                        setTime(day, index, { [field.key]: event.target.value || undefined })
                      }
                    />
                  </label>
                )),
              )}
              <div className="col-span-2 sm:col-span-2 sm:col-start-2">
                {hours.ranges ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={closed}
                    onClick={() => set(day, joinRanges(hours))}
                  >
                    Quitar segundo horario<span className="sr-only"> del {label}</span>
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={closed}
                    onClick={() => set(day, splitAtLunch(hours))}
                  >
                    Agregar otro horario<span className="sr-only"> el {label}</span>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
