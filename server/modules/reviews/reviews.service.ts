import type { ServiceDeps } from "../../services";

// PLACEHOLDER: replaced by the real service.
export function createReviewsService(_deps: ServiceDeps) {
  return {};
}
