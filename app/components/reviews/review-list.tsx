import { BadgeCheck } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { ReviewDto, ReviewPageDto } from "../../../shared/api-types";
import { formatLongDate } from "../../../shared/dates";
import {
  replyHeading,
  VERIFIED_ONLY_LABEL,
  VERIFIED_PURCHASE_LABEL,
} from "../../../shared/order-reviews";
import { apiResponse } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { ratingLabel, StarRating } from "../ui/star-rating";
import { countLabel } from "../../../shared/plural";
import { onReviewsChanged } from "./reviews-changed";

/** The error text of a failed review read (spec §8). */
export const REVIEWS_FETCH_ERROR = "Failed to fetch reviews";

export interface ReviewTarget {
  merchantId?: number;
  productId?: number;
}

/** The list's GET URL ('/api/reviews?productId=3&approved=true'). */
export function reviewsUrl({
  merchantId,
  productId,
  approvedOnly = true,
  verifiedOnly = false,
}: ReviewTarget & { approvedOnly?: boolean; verifiedOnly?: boolean }): string {
  const params = new URLSearchParams();
  if (merchantId !== undefined) params.set("merchantId", String(merchantId));
  if (productId !== undefined) params.set("productId", String(productId));
  if (approvedOnly) params.set("approved", "true");
  // Issue 37: 'Solo compras verificadas'.
  if (verifiedOnly) params.set("verified", "true");
  const query = params.toString();
  return query ? `/api/reviews?${query}` : "/api/reviews";
}

/**
 * One page of the list: the first is the URL as it is (the spec's query), the next ones add
 * `offset`; the server answers at most 100 a page and the total in X-Total-Count.
 */
async function fetchReviewPage(url: string, offset: number): Promise<ReviewPageDto> {
  const pageUrl = offset === 0 ? url : `${url}${url.includes("?") ? "&" : "?"}offset=${offset}`;
  try {
    const response = await apiResponse("GET", pageUrl);
    const items = (await response.json()) as ReviewDto[];
    const total = Number(response.headers.get("x-total-count") ?? Number.NaN);
    return { items, total: Number.isSafeInteger(total) ? total : offset + items.length };
  } catch (cause) {
    throw new Error(REVIEWS_FETCH_ERROR, { cause });
  }
}

/** 'x de 5 (n reseña(s))' with one decimal (spec §2). */
export function summaryText(average: string | number, count: number): string {
  return `${ratingLabel(average)} (${countLabel(count, "reseña", "reseñas")})`;
}

function averageOf(reviews: readonly Pick<ReviewDto, "rating">[]): number {
  return reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
}

/** The pages' reviews in order, each once (an approval between two pages shifts them by one). */
function reviewsOf(pages: readonly ReviewPageDto[]): ReviewDto[] {
  const seen = new Set<number>();
  return pages.flatMap((page) =>
    page.items.filter((review) => !seen.has(review.id) && seen.add(review.id)),
  );
}

export interface ReviewListProps extends ReviewTarget {
  title?: string;
  /** The loader's first page, so the list is in the server HTML. */
  initialPage?: ReviewPageDto;
  /**
   * The stored average of every approved review of the target (the merchant's or product's
   * `rating`): the summary uses it, since a long list is only partly loaded.
   */
  rating?: string;
  /** Public lists read approved reviews only; without the filter each review shows its status. */
  approvedOnly?: boolean;
  /** Issue 37: whose answers the replies are ('Respuesta de <comercio>'). */
  merchantName?: string;
  /** Issue 37: offers 'Solo compras verificadas' (public lists). */
  verifiedFilter?: boolean;
  /** Issue 37: what goes under each review (the portal's reply form). */
  renderActions?: (review: ReviewDto) => ReactNode;
}

/** The next offset is what is loaded so far, while the last page's total says there is more. */
function nextOffset(pages: readonly ReviewPageDto[]): number | undefined {
  const last = pages.at(-1);
  const loaded = pages.reduce((n, page) => n + page.items.length, 0);
  return last && last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

/** The first `count` pages, read one after the other (each page's offset follows the last). */
async function readPages(url: string, count: number): Promise<ReviewPageDto[]> {
  const pages = [await fetchReviewPage(url, 0)];
  let offset = nextOffset(pages);
  while (offset !== undefined && pages.length < count) {
    pages.push(await fetchReviewPage(url, offset));
    offset = nextOffset(pages);
  }
  return pages;
}

/**
 * The reviews' pages in the browser: the loader's first (read here when there is none), then
 * the next ones on request, appended; all of them read again after a review is sent
 * (reviews-changed.ts). Plain state: the pages with reviews don't load TanStack Query (issue 27).
 * A server render only takes the first state: effects don't run there.
 */
function useReviewPages(url: string, initialPage: ReviewPageDto | undefined) {
  // The pages read for one URL: another (the verified filter switched) starts again.
  const [state, setState] = useState(() => ({ url, pages: initialPage && [initialPage] }));
  const pages = state.url === url ? state.pages : initialPage && [initialPage];
  const setPages = (next: ReviewPageDto[]) => setState({ url, pages: next });
  const [isError, setIsError] = useState(false);
  const [isFetchingNextPage, setIsFetchingNextPage] = useState(false);
  // How many pages a re-read must bring back: the ones loaded when it starts.
  const loaded = useRef(pages);
  loaded.current = pages;

  useEffect(() => {
    let current = true;
    const read = (count: number) =>
      readPages(url, count).then(
        (fresh) => {
          if (!current) return;
          setState({ url, pages: fresh });
          setIsError(false);
        },
        () => {
          if (current) setIsError(true);
        },
      );
    if (!initialPage) void read(1);
    const stopListening = onReviewsChanged(() => void read(loaded.current?.length ?? 1));
    return () => {
      current = false;
      stopListening();
    };
  }, [url, initialPage]);

  const offset = pages && nextOffset(pages);
  const fetchNextPage = async () => {
    if (offset === undefined) return;
    setIsFetchingNextPage(true);
    setIsError(false);
    try {
      const page = await fetchReviewPage(url, offset);
      setPages([...(pages ?? []), page]);
    } catch {
      setIsError(true);
    } finally {
      setIsFetchingNextPage(false);
    }
  };

  return {
    pages,
    isPending: pages === undefined && !isError,
    isError,
    hasNextPage: offset !== undefined,
    fetchNextPage,
    isFetchingNextPage,
  };
}

const REVIEW = "rounded-lg border border-stone-200 bg-white p-4";

/** Issue 37: the merchant's answer under its review, with its date in El Salvador. */
export function ReviewReply({
  reply,
  merchantName,
}: {
  reply: NonNullable<ReviewDto["reply"]>;
  merchantName?: string;
}) {
  return (
    <div className="mt-3 rounded-md border-l-4 border-brand-200 bg-stone-50 px-3 py-2">
      <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium text-stone-900">{replyHeading(merchantName)}</span>
        <time dateTime={reply.at} className="text-stone-600">
          {formatLongDate(reply.at)}
        </time>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line text-stone-800">{reply.text}</p>
    </div>
  );
}

/** One review of a list: who wrote it, its stars, when, what it says and the shop's answer. */
export function ReviewItem({
  review,
  approvedOnly,
  merchantName,
}: {
  review: ReviewDto;
  approvedOnly: boolean;
  /** Whose answer a reply is ('Respuesta de <comercio>'). */
  merchantName?: string;
}) {
  return (
    <article>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium text-stone-900">{review.userName}</h3>
          <StarRating rating={review.rating} />
          {review.verifiedPurchase && (
            <Badge variant="success" title="Escrita con el enlace de un pedido entregado">
              <BadgeCheck aria-hidden className="size-3.5" />
              {VERIFIED_PURCHASE_LABEL}
            </Badge>
          )}
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
      {review.reply && <ReviewReply reply={review.reply} merchantName={merchantName} />}
    </article>
  );
}

/** A merchant's or product's reviews, 'Ver más reseñas' for the next page. */
export function ReviewList(props: ReviewListProps) {
  const target = reviewsUrl(props);
  // Another target (the next product's page in the same route) starts again from its first page.
  return <TargetReviewList key={target} {...props} />;
}

function TargetReviewList({
  title = "Reseñas",
  initialPage,
  rating,
  approvedOnly = true,
  merchantName,
  verifiedFilter = false,
  renderActions,
  ...target
}: ReviewListProps) {
  const titleId = useId();
  const filterId = useId();
  const hydrated = useHydrated();
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const url = reviewsUrl({ ...target, approvedOnly, verifiedOnly });
  // The loader's page and the stored average are of every review, not the verified ones.
  if (verifiedOnly) {
    initialPage = undefined;
    rating = undefined;
  }
  const { pages, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useReviewPages(url, initialPage);
  const reviews = pages && reviewsOf(pages);
  const total = Math.max(pages?.at(-1)?.total ?? 0, reviews?.length ?? 0);
  // Every review loaded: the list's own average; otherwise the stored one, when given.
  const average =
    reviews && reviews.length > 0 && (reviews.length >= total || rating === undefined)
      ? averageOf(reviews)
      : rating;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={titleId} className="text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {reviews && reviews.length > 0 && average !== undefined && (
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <StarRating rating={average} />
            <span>{summaryText(average, total)}</span>
          </p>
        )}
      </div>
      {verifiedFilter && (
        // Filtering reads the list again in the browser: the box waits for its code.
        <p className="flex items-center gap-2 text-sm text-stone-800">
          <input
            id={filterId}
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={verifiedOnly}
            disabled={!hydrated}
            onChange={(event) => setVerifiedOnly(event.target.checked)}
          />
          <label htmlFor={filterId}>{VERIFIED_ONLY_LABEL}</label>
        </p>
      )}

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
      ) : !reviews ? (
        <p className="text-sm text-red-700">No se pudieron cargar las reseñas.</p>
      ) : reviews.length === 0 ? (
        <p className="text-stone-600">
          {verifiedOnly
            ? "Aún no hay reseñas de compras verificadas."
            : "No hay reseñas disponibles todavía."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li key={review.id} className={REVIEW}>
              <ReviewItem review={review} approvedOnly={approvedOnly} merchantName={merchantName} />
              {renderActions?.(review)}
            </li>
          ))}
        </ul>
      )}

      {reviews && hasNextPage && (
        <div className="flex flex-col items-center gap-2 text-sm text-stone-700">
          <p>
            Mostrando {reviews.length} de {total} reseñas
          </p>
          {isError && !isFetchingNextPage && (
            <p className="text-red-700">No se pudieron cargar más reseñas.</p>
          )}
          {/* Loading more needs the browser's code: the button waits for it (use-hydrated.ts). */}
          <Button
            type="button"
            variant="outline"
            disabled={!hydrated || isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? "Cargando..." : "Ver más reseñas"}
          </Button>
        </div>
      )}
    </section>
  );
}
