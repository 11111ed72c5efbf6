import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { dismissToast, useCurrentToast } from "../../lib/toast";
import { TOAST_HOTKEY, TOAST_REGION_LABEL, TOAST_VIEWPORT_CLASS } from "./toast-region";

// Radix Toast (~10 KB gzipped) downloads with the first toast, not with every page.
const Toaster = lazy(() =>
  import("./toaster").then(
    (module) => ({ default: module.Toaster }),
    // Without the chunk (offline, new deploy) the message still shows, unstyled by Radix.
    () => ({ default: PlainToast }),
  ),
);

/**
 * The toast region, mounted after the first toast() call and kept from then on. Until then
 * an empty region of the same name and place stands in, so F8 already moves focus to it.
 */
export function LazyToaster() {
  const current = useCurrentToast();
  const [mounted, setMounted] = useState(false);
  // Derived during render (React's documented pattern) so the toast is not one frame late.
  if (current && !mounted) setMounted(true);
  if (!mounted) return <EmptyToastRegion />;
  return (
    <Suspense fallback={<EmptyToastRegion />}>
      <Toaster />
    </Suspense>
  );
}

/**
 * What Radix's viewport renders with no toast (a named region around an empty list that F8
 * focuses), without Radix: a few hundred bytes instead of its ~10 KB.
 */
function EmptyToastRegion() {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === TOAST_HOTKEY || event.key === TOAST_HOTKEY) list.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <div
      role="region"
      aria-label={TOAST_REGION_LABEL.replace("{hotkey}", TOAST_HOTKEY)}
      tabIndex={-1}
      style={{ pointerEvents: "none" }}
    >
      <ol ref={list} tabIndex={-1} className={TOAST_VIEWPORT_CLASS} />
    </div>
  );
}

function PlainToast() {
  const current = useCurrentToast();
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => dismissToast(current.id), current.duration);
    return () => clearTimeout(timer);
  }, [current]);
  if (!current) return null;
  return (
    <div
      role="status"
      className="fixed right-0 bottom-0 z-[100] m-4 max-w-sm rounded-lg border border-stone-200 bg-white p-4 text-stone-900 shadow-lg"
    >
      <p className="text-sm font-semibold">{current.title}</p>
      {current.description && <p className="text-sm">{current.description}</p>}
    </div>
  );
}
