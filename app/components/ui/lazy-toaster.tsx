import { lazy, Suspense, useEffect, useState } from "react";
import { dismissToast, useCurrentToast } from "../../lib/toast";

// Radix Toast (~10 KB gzipped) downloads with the first toast, not with every page.
const Toaster = lazy(() =>
  import("./toaster").then(
    (module) => ({ default: module.Toaster }),
    // Without the chunk (offline, new deploy) the message still shows, unstyled by Radix.
    () => ({ default: PlainToast }),
  ),
);

/** The toast region, mounted after the first toast() call and kept from then on. */
export function LazyToaster() {
  const current = useCurrentToast();
  const [mounted, setMounted] = useState(false);
  // Derived during render (React's documented pattern) so the toast is not one frame late.
  if (current && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
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
