import { CalendarPlus, Trash2 } from "lucide-react";
import { useId } from "react";
import type { SpecialDate } from "../../../shared/api-types";
import { Button } from "../ui/button";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";

export interface SpecialDatesEditorProps {
  value: SpecialDate[];
  onChange: (value: SpecialDate[]) => void;
  /** Today in El Salvador ('YYYY-MM-DD'): the date a new row starts with. */
  today: string;
  /** The server's message for the list or one of its rows. */
  error?: string;
  disabled?: boolean;
}

/**
 * Holidays and closures ('Fechas especiales'): a calendar day closed, or open only some
 * hours. 'Abierto ahora' follows them over the weekly hours on that day.
 */
export function SpecialDatesEditor({
  value,
  onChange,
  today,
  error,
  disabled,
}: SpecialDatesEditorProps) {
  const id = useId();
  const update = (index: number, change: Partial<SpecialDate>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...change } : row)));
  // A new row starts the day after the last one, so two rows never share a date by default.
  const nextDate = () => {
    const last = value
      .map((row) => row.date)
      .sort()
      .at(-1);
    if (!last || last < today) return today;
    const next = new Date(`${last}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return next.toISOString().slice(0, 10);
  };

  return (
    <fieldset
      className="rounded-md border border-stone-200 p-3 sm:p-4"
      disabled={disabled}
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
    >
      <legend className="px-1 text-sm font-medium text-stone-800">Fechas especiales</legend>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        Feriados o días con otro horario. Ese día se usa este horario en lugar del semanal.
      </p>
      {value.length > 0 && (
        <ul className="mt-2 flex flex-col divide-y divide-stone-100">
          {value.map((row, index) => {
            const label = `fecha especial ${index + 1}`;
            return (
              <li
                key={index}
                className="grid grid-cols-2 items-end gap-2 py-2 sm:grid-cols-[10rem_auto_1fr_1fr_auto] sm:gap-3"
              >
                <label className="col-span-2 flex flex-col gap-1 text-xs text-stone-600 sm:col-span-1">
                  <span>
                    Fecha<span className="sr-only"> de la {label}</span>
                  </span>
                  <Input
                    type="date"
                    value={row.date}
                    required
                    onChange={(event) => update(index, { date: event.target.value })}
                  />
                </label>
                <label className="col-span-2 flex items-center gap-2 text-sm text-stone-800 sm:col-span-1 sm:pb-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={row.closed}
                    onChange={(event) =>
                      update(
                        index,
                        event.target.checked
                          ? { closed: true, open: null, close: null }
                          : { closed: false, open: "09:00", close: "13:00" },
                      )
                    }
                  />
                  Cerrado todo el día<span className="sr-only"> en la {label}</span>
                </label>
                {!row.closed && (
                  <>
                    <label className="flex flex-col gap-1 text-xs text-stone-600">
                      <span>
                        Abre<span className="sr-only"> en la {label}</span>
                      </span>
                      <Input
                        type="time"
                        value={row.open ?? ""}
                        onChange={(event) => update(index, { open: event.target.value })}
                      />
                    </label>
                    <label className="flex flex-col gap-1 text-xs text-stone-600">
                      <span>
                        Cierra<span className="sr-only"> en la {label}</span>
                      </span>
                      <Input
                        type="time"
                        value={row.close ?? ""}
                        onChange={(event) => update(index, { close: event.target.value })}
                      />
                    </label>
                  </>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  className="col-span-2 justify-self-end sm:col-span-1 sm:col-start-5"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden />
                  Quitar<span className="sr-only"> la {label}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        onClick={() =>
          onChange([...value, { date: nextDate(), closed: true, open: null, close: null }])
        }
      >
        <CalendarPlus aria-hidden />
        Agregar fecha especial
      </Button>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
