import { hasFavorite, toggleFavorite, useFavorites, type FavoriteKind } from "../../lib/favorites";
import { cn } from "../ui/cn";

/**
 * Lucide's heart as a plain SVG: a card shows one, a merchant page 26, and lucide's component
 * costs a render of its own and 100 more bytes each (issue 13).
 */
const HEART_PATH =
  "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5";
/** Its <path> as the markup React wrote: one element less to render per card. */
const HEART_SHAPE = { __html: `<path d="${HEART_PATH}"></path>` };
const BUTTON_CLASSES =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border border-stone-200 bg-white/95 px-3 text-sm font-medium text-stone-800 shadow-sm transition hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:opacity-60";

/**
 * The heart of a merchant or product card or page: saves it in this browser (no account).
 * It needs JavaScript, so it is rendered disabled until hydration.
 */
export function FavoriteButton({
  kind,
  slug,
  name,
  withLabel = false,
  className,
}: {
  kind: FavoriteKind;
  slug: string;
  name: string;
  withLabel?: boolean;
  className?: string;
}) {
  const favorites = useFavorites();
  const ready = favorites !== null;
  const saved = ready && hasFavorite({ kind, slug });
  const label = saved ? `Quitar ${name} de favoritos` : `Guardar ${name} en favoritos`;
  return (
    <button
      type="button"
      disabled={!ready}
      aria-pressed={saved}
      aria-label={withLabel ? undefined : label}
      title={label}
      onClick={(event) => {
        // On a card the button sits inside the covering link's area.
        event.preventDefault();
        event.stopPropagation();
        toggleFavorite({ kind, slug });
      }}
      className={className ? cn(BUTTON_CLASSES, className) : BUTTON_CLASSES}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className={saved ? "size-5 fill-red-600 text-red-600" : "size-5 text-stone-600"}
        dangerouslySetInnerHTML={HEART_SHAPE}
      />
      {withLabel && <span>{saved ? "Guardado en favoritos" : "Guardar en favoritos"}</span>}
    </button>
  );
}
