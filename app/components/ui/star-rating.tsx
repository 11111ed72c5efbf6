import { cn } from "./cn";
import { plural } from "../../../shared/plural";

const MAX_STARS = 5;

/**
 * A five-pointed star with rounded joins, drawn like lucide's Star (24×24, stroke 2) in a
 * tenth of its bytes: a merchant page shows 160 stars, and lucide's (667 bytes and a
 * component each) were half of its HTML and a fifth of its render (issue 13).
 */
const STAR_PATH =
  "M12 2l3.09 6.26 6.91 1.01-5 4.87 1.18 6.88-6.18-3.25-6.18 3.25 1.18-6.88-5-4.87 6.91-1.01z";

/** A rating as a number with one decimal ("4.5"); 0 for anything unreadable. */
export function ratingValue(rating: string | number): number {
  const value = typeof rating === "number" ? rating : Number.parseFloat(rating);
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), MAX_STARS) : 0;
}

/** "4.5 de 5": one decimal, the way the review block writes the average. */
export function ratingLabel(rating: string | number): string {
  return `${ratingValue(rating).toFixed(1)} de ${MAX_STARS}`;
}

const STAR_SIZES = { sm: "size-4", md: "size-5", lg: "size-6" } as const;

/**
 * The five stars of each size and whole-star count, as the markup React wrote for them
 * (one <svg> and its <path> per star): a merchant page shows 30 ratings, 300 elements React
 * no longer builds and writes one by one (issue 13). Static: nothing in them comes from data.
 */
const STAR_ROWS = Object.fromEntries(
  Object.entries(STAR_SIZES).map(([size, sizeClass]) => [
    size,
    Array.from({ length: MAX_STARS + 1 }, (_, filled) => ({
      __html: Array.from({ length: MAX_STARS }, (_, i) => {
        const on = i < filled;
        const colour = on ? "fill-maiz-400 text-maiz-600" : "fill-none text-stone-400";
        return `<svg viewBox="0 0 24 24" aria-hidden="true" data-filled="${on}" class="${sizeClass} ${colour}" stroke="currentColor" stroke-width="2" stroke-linejoin="round"><path d="${STAR_PATH}"></path></svg>`;
      }).join(""),
    })),
  ]),
) as Record<keyof typeof STAR_SIZES, { __html: string }[]>;

/** The markup of the five stars showing `rating` (whole stars) at `size`. */
export function starRow(rating: string | number, size: keyof typeof STAR_SIZES = "sm") {
  return STAR_ROWS[size][Math.round(ratingValue(rating))];
}

const OUTER = "inline-flex items-center gap-1";

/**
 * Read-only stars: the average rounded to whole stars (spec: 'stars rounded'); the
 * accessible name says the exact value ("4.5 de 5").
 */
export function StarRating({
  rating,
  reviewCount,
  showValue = false,
  size = "sm",
  className,
}: {
  rating: string | number;
  /** When given, "(n)" follows the stars. */
  reviewCount?: number;
  /** Show "4.5" next to the stars. */
  showValue?: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  const value = ratingValue(rating);
  return (
    <span className={className ? cn(OUTER, className) : OUTER}>
      <span
        role="img"
        aria-label={ratingLabel(value)}
        className="inline-flex gap-0.5"
        dangerouslySetInnerHTML={starRow(value, size)}
      />
      {showValue && (
        <span aria-hidden className="text-sm font-medium text-stone-800">
          {value.toFixed(1)}
        </span>
      )}
      {reviewCount !== undefined && (
        <span className="text-sm text-stone-600">
          ({reviewCount}
          <span className="sr-only"> {plural(reviewCount, "reseña", "reseñas")}</span>)
        </span>
      )}
    </span>
  );
}
