import { lazy, Suspense } from "react";
import type { ReviewTarget } from "./review-list";
import { FormUnavailable } from "../layout/form-unavailable";
import { Skeleton } from "../ui/skeleton";
import { PageTabsTrigger } from "../ui/tabs";

// react-hook-form, its resolver and zod (~40 KB gzipped) load only when the form is opened.
const loadReviewForm = () => import("./review-form");

const ReviewFormChunk = lazy(() =>
  loadReviewForm().then(
    (module) => ({ default: module.ReviewForm }),
    // A failed download (offline, new deploy) must not take the whole page down.
    () => ({ default: ReviewFormUnavailable }),
  ),
);

/** Starts downloading the form before it is needed (hover or focus on its tab). */
export function preloadReviewForm() {
  loadReviewForm().catch(() => {
    // The real load retries and reports the failure.
  });
}

/** The 'Escribir reseña' tab: hovering or focusing it starts the form's download. */
export function WriteReviewTabTrigger({ value }: { value: string }) {
  return (
    <PageTabsTrigger value={value} onPointerEnter={preloadReviewForm} onFocus={preloadReviewForm}>
      Escribir reseña
    </PageTabsTrigger>
  );
}

/** The review form, downloaded on first render; a placeholder of its size meanwhile. */
export function LazyReviewForm(props: ReviewTarget) {
  return (
    <Suspense fallback={<ReviewFormPlaceholder />}>
      <ReviewFormChunk {...props} />
    </Suspense>
  );
}

function ReviewFormPlaceholder() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Cargando el formulario de reseña…</span>
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-8 w-40" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className="h-28" />
      <Skeleton className="h-10 w-36" />
    </div>
  );
}

function ReviewFormUnavailable() {
  return <FormUnavailable form="el formulario de reseña" />;
}
