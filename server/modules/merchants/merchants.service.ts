import type { ServiceDeps } from "../../services";

// PLACEHOLDER: replaced by the real service.
export function createMerchantsService(_deps: ServiceDeps) {
  return {};
}
