import { useEffect, useState } from "react";
import { openState, openStateLabel, type SpecialDate } from "../../../shared/open-now";
import { Badge } from "../ui/badge";

const RECHECK_MS = 60_000;

/**
 * 'Abierto ahora' / 'Cerrado ahora' / 'Abre a las 9:00 a. m.' / 'Cerrado temporalmente' in
 * El Salvador's time (decisions §4, docs/decisions/0011), respecting the temporary closure
 * and today's special date. The first render uses `initialNow` (the loader's clock), so
 * server and client HTML match; after mount it follows the browser's clock, rechecked
 * every minute (a page served from a cache is at most a minute behind until then).
 */
export function OpenNowBadge({
  schedule,
  temporarilyClosed = false,
  specialDates = [],
  initialNow,
}: {
  schedule: unknown;
  temporarilyClosed?: boolean;
  specialDates?: readonly SpecialDate[];
  initialNow?: string;
}) {
  const [now, setNow] = useState<Date | null>(() => (initialNow ? new Date(initialNow) : null));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!now) return null;
  const state = openState({ schedule, temporarilyClosed, specialDates }, now);
  if (state === null) return null;
  return (
    <Badge variant={state.open ? "success" : "secondary"} data-open={state.open}>
      <span
        aria-hidden
        className={
          state.open ? "size-2 rounded-full bg-green-600" : "size-2 rounded-full bg-stone-500"
        }
      />
      {openStateLabel(state)}
    </Badge>
  );
}
