import { type DaySchedule, type Weekday, WEEKDAY_LABELS, WEEKDAYS } from "../../shared/schedule";
import { cn } from "./ui/cn";
import { Input } from "./ui/input";

export type WeekHours = Record<Weekday, DaySchedule>;

export interface HoursEditorProps {
  value: WeekHours;
  onChange: (value: WeekHours) => void;
  disabled?: boolean;
}

const TIME_FIELDS = [
  { key: "open", word: "Abre", column: "sm:col-start-2" },
  { key: "close", word: "Cierra", column: "sm:col-start-3" },
] as const;

/** Weekly opening hours: open and close time per day and a 'Cerrado' checkbox. */
export function HoursEditor({ value, onChange, disabled }: HoursEditorProps) {
  const update = (day: Weekday, change: Partial<DaySchedule>) =>
    onChange({ ...value, [day]: { ...value[day], ...change } });
  return (
    <fieldset className="rounded-md border border-stone-200 p-3 sm:p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-stone-800">Horario de atención</legend>
      <ul className="flex flex-col divide-y divide-stone-100">
        {WEEKDAYS.map((day) => {
          const hours = value[day] ?? {};
          const label = WEEKDAY_LABELS[day];
          const closed = hours.closed === true;
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
                  onChange={(event) => update(day, { closed: event.target.checked })}
                />
                Cerrado
                <span className="sr-only"> el {label}</span>
              </label>
              {TIME_FIELDS.map((field) => (
                <label
                  key={field.key}
                  className={cn(
                    "flex flex-col gap-1 text-xs text-stone-600 sm:row-start-1",
                    field.column,
                  )}
                >
                  <span>
                    {field.word}
                    <span className="sr-only"> el {label}</span>
                  </span>
                  <Input
                    type="time"
                    value={hours[field.key] ?? ""}
                    disabled={closed}
                    onChange={(event) =>
                      update(day, { [field.key]: event.target.value || undefined })
                    }
                  />
                </label>
              ))}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
