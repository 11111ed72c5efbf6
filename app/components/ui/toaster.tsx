import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { dismissToast, useCurrentToast } from "../../lib/toast";
import { TOAST_HOTKEY, TOAST_REGION_LABEL, TOAST_VIEWPORT_CLASS } from "./toast-region";

const HOTKEY = [TOAST_HOTKEY];

/** The single toast region (spec §9: 5 s, swipe right past 50 px, F8 focuses it). */
export function Toaster() {
  const current = useCurrentToast();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} label="Notificación">
      {current && (
        <Toast.Root
          key={current.id}
          duration={current.duration}
          onOpenChange={(open) => !open && dismissToast(current.id)}
          className={
            "grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border p-4 shadow-lg " +
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] " +
            (current.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-stone-200 bg-white text-stone-900")
          }
        >
          <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
          {current.description && (
            <Toast.Description className="col-start-1 text-sm opacity-90">
              {current.description}
            </Toast.Description>
          )}
          <Toast.Close
            aria-label="Cerrar"
            className="col-start-2 row-span-2 row-start-1 self-start rounded p-1 hover:bg-black/10"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport label={TOAST_REGION_LABEL} hotkey={HOTKEY} className={TOAST_VIEWPORT_CLASS} />
    </Toast.Provider>
  );
}
