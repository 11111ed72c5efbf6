import { lazy, Suspense, useState } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog";

const loadConfirmDialog = () => import("./confirm-dialog");

const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/**
 * Starts loading the dialog's code before it is first opened (e.g. when a pointer or the
 * focus reaches its button). A failure here is left to the open, which shows it.
 */
export function preloadConfirmDialog() {
  loadConfirmDialog().catch(() => undefined);
}

/**
 * ConfirmDialog whose code (Radix AlertDialog, ~15 KB) loads when it is first opened, for
 * the public pages that may never open it (issue 27: 'Cancelar pedido'). Nothing is
 * rendered until then; from the first open on it stays mounted, the same dialog as
 * ConfirmDialog (focus on the cancel button, Escape cancels).
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  // Remembered during render (React's "state from previous renders"), so the first open
  // renders the dialog at once.
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
