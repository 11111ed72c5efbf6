import { SCHEDULE_UNAVAILABLE, scheduleRows } from "../../../shared/schedule";
import { cn } from "../ui/cn";

/**
 * The week's opening hours, one row per day in 12-hour form (spec §3 notes);
 * 'Horario no disponible' when the stored schedule can't be read.
 */
export function ScheduleTable({ schedule, className }: { schedule: unknown; className?: string }) {
  const rows = scheduleRows(schedule);
  if (!rows)
    return <p className={cn("text-sm text-stone-600", className)}>{SCHEDULE_UNAVAILABLE}</p>;
  return (
    <table className={cn("w-full max-w-sm text-sm", className)}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.day} className="border-b border-stone-100 last:border-0">
            <th scope="row" className="py-1 pr-4 text-left font-medium text-stone-800">
              {row.label}
            </th>
            <td
              className={cn(
                "py-1 text-right tabular-nums",
                row.text === "Cerrado" ? "text-stone-600" : "text-stone-900",
              )}
            >
              {row.text}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
