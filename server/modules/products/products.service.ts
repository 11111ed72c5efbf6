import type { ServiceDeps } from "../../services";

// PLACEHOLDER: replaced by the real service.
export function createProductsService(_deps: ServiceDeps) {
  return {};
}
