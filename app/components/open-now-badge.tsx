import { useEffect, useState } from "react";
import { isOpenNow } from "../../shared/schedule";
import { Badge } from "./ui/badge";

const RECHECK_MS = 60_000;

/**
 * 'Abierto ahora' / 'Cerrado ahora' in El Salvador's time (decisions §4). The first
 * render uses `initialNow` (the loader's clock), so server and client HTML match;
 * after mount it follows the browser's clock, rechecked every minute.
 */
export function OpenNowBadge({ schedule, initialNow }: { schedule: unknown; initialNow?: string }) {
  const [now, setNow] = useState<Date | null>(() => (initialNow ? new Date(initialNow) : null));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!now) return null;
  const open = isOpenNow(schedule, now);
  if (open === null) return null;
  return (
    <Badge variant={open ? "success" : "secondary"}>
      <span
        aria-hidden
        className={open ? "size-2 rounded-full bg-green-600" : "size-2 rounded-full bg-stone-500"}
      />
      {open ? "Abierto ahora" : "Cerrado ahora"}
    </Badge>
  );
}
