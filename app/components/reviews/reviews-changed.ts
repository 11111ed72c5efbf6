/*
 * "A review was sent": the form says it, every review list on the page reads its reviews
 * again. A plain listener list instead of TanStack Query's invalidation, which the product and
 * merchant pages no longer load (issue 27).
 */
const listeners = new Set<() => void>();

/** Calls back after each review sent from this page; returns the unsubscribe. */
export function onReviewsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the review lists to read their reviews again. */
export function reviewsChanged(): void {
  listeners.forEach((listener) => listener());
}
