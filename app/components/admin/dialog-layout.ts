/** Big admin dialogs: the whole screen on phones (scrolls inside), a wide box from sm up. */
export const WIDE_DIALOG =
  "max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:content-start sm:max-w-2xl";

export const EXTRA_WIDE_DIALOG = `${WIDE_DIALOG} sm:max-w-4xl`;
