import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { ReviewDto } from "../../shared/api-types";
import { formatLongDate } from "../../shared/dates";
import { apiRequest } from "../lib/api";
import { Badge } from "./ui/badge";
import { Skeleton } from "./ui/skeleton";
import { ratingLabel, StarRating } from "./ui/star-rating";

/** The error text of a failed review read (spec §8). */
export const REVIEWS_FETCH_ERROR = "Failed to fetch reviews";

/** Prefix of every review list's query key, for refreshing them all after a submit. */
export const REVIEWS_KEY_PREFIX = "/api/reviews";

export interface ReviewTarget {
  merchantId?: number;
  productId?: number;
}

/** The list's GET URL as its query key ('/api/reviews?productId=3&approved=true'). */
export function reviewsQueryKey({
  merchantId,
  productId,
  approvedOnly = true,
}: ReviewTarget & { approvedOnly?: boolean }) {
  const params = new URLSearchParams();
  if (merchantId !== undefined) params.set("merchantId", String(merchantId));
  if (productId !== undefined) params.set("productId", String(productId));
  if (approvedOnly) params.set("approved", "true");
  const query = params.toString();
  return [query ? `${REVIEWS_KEY_PREFIX}?${query}` : REVIEWS_KEY_PREFIX] as const;
}

/** 'x de 5 (n reseña(s))' with one decimal (spec §2). */
export function averageText(reviews: readonly Pick<ReviewDto, "rating">[]): string {
  const n = reviews.length;
  return `${ratingLabel(averageOf(reviews))} (${n} ${n === 1 ? "reseña" : "reseñas"})`;
}

function averageOf(reviews: readonly Pick<ReviewDto, "rating">[]): number {
  return reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
}

export interface ReviewListProps extends ReviewTarget {
  title?: string;
  /** The loader's reviews, so the list is in the server HTML. */
  initialReviews?: ReviewDto[];
  /** Public lists read approved reviews only; without the filter each review shows its status. */
  approvedOnly?: boolean;
}

export function ReviewList({
  merchantId,
  productId,
  title = "Reseñas",
  initialReviews,
  approvedOnly = true,
}: ReviewListProps) {
  const titleId = useId();
  const queryKey = reviewsQueryKey({ merchantId, productId, approvedOnly });
  const {
    data: reviews,
    isPending,
    isError,
  } = useQuery({
    queryKey,
    queryFn: async () => {
      try {
        return await apiRequest<ReviewDto[]>("GET", queryKey[0]);
      } catch (cause) {
        throw new Error(REVIEWS_FETCH_ERROR, { cause });
      }
    },
    initialData: initialReviews,
  });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={titleId} className="text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {reviews && reviews.length > 0 && (
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <StarRating rating={averageOf(reviews)} />
            <span>{averageText(reviews)}</span>
          </p>
        )}
      </div>

      {isPending ? (
        <ul aria-busy="true" aria-label="Cargando reseñas" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <li
              key={i}
              data-testid="review-skeleton"
              className="rounded-lg border border-stone-200 p-4"
            >
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="mt-3 h-3 w-full" />
              <Skeleton className="mt-2 h-3 w-2/3" />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <p className="text-sm text-red-700">No se pudieron cargar las reseñas.</p>
      ) : reviews.length === 0 ? (
        <p className="text-stone-600">No hay reseñas disponibles todavía.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-lg border border-stone-200 bg-white p-4">
              <article>
                <header className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium text-stone-900">{review.userName}</h3>
                    <StarRating rating={review.rating} />
                    {!approvedOnly && (
                      <Badge variant={review.isApproved ? "success" : "warning"}>
                        {review.isApproved ? "Aprobada" : "Pendiente"}
                      </Badge>
                    )}
                  </div>
                  <time dateTime={review.createdAt} className="text-sm text-stone-600">
                    {formatLongDate(review.createdAt)}
                  </time>
                </header>
                <p className="mt-2 whitespace-pre-line text-stone-800">{review.comment}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
