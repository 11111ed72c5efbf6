import { Star } from "lucide-react";
import { cn } from "./cn";
import { plural } from "../../../shared/plural";

const MAX_STARS = 5;

/** A rating as a number with one decimal ("4.5"); 0 for anything unreadable. */
export function ratingValue(rating: string | number): number {
  const value = typeof rating === "number" ? rating : Number.parseFloat(rating);
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), MAX_STARS) : 0;
}

/** "4.5 de 5": one decimal, the way the review block writes the average. */
export function ratingLabel(rating: string | number): string {
  return `${ratingValue(rating).toFixed(1)} de ${MAX_STARS}`;
}

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
  const filled = Math.round(value);
  const starSize = { sm: "size-4", md: "size-5", lg: "size-6" }[size];
  return (
    <span className={cn("inline-flex items-center gap-1", className)}>
      <span role="img" aria-label={ratingLabel(value)} className="inline-flex gap-0.5">
        {Array.from({ length: MAX_STARS }, (_, i) => (
          <Star
            key={i}
            aria-hidden
            data-filled={i < filled ? "true" : "false"}
            className={cn(
              starSize,
              i < filled ? "fill-maiz-400 text-maiz-600" : "fill-none text-stone-400",
            )}
          />
        ))}
      </span>
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
