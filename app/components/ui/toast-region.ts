/** The toast region's name; Radix fills in {hotkey} (F8), the stand-in writes it out. */
export const TOAST_REGION_LABEL = "Notificaciones ({hotkey})";
export const TOAST_HOTKEY = "F8";
/** Where toasts appear (bottom right), the same for the stand-in and Radix's viewport. */
export const TOAST_VIEWPORT_CLASS =
  "fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none";
