import { Heart } from "lucide-react";
import { hasFavorite, toggleFavorite, useFavorites, type FavoriteKind } from "../lib/favorites";
import { cn } from "./ui/cn";

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
      className={cn(
        "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border border-stone-200 bg-white/95 px-3 text-sm font-medium text-stone-800 shadow-sm transition hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:opacity-60",
        className,
      )}
    >
      <Heart
        aria-hidden
        className={cn("size-5", saved ? "fill-red-600 text-red-600" : "text-stone-600")}
      />
      {withLabel && <span>{saved ? "Guardado en favoritos" : "Guardar en favoritos"}</span>}
    </button>
  );
}
