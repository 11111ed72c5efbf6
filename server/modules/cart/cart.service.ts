import type { ServiceDeps } from "../../services";

// PLACEHOLDER: replaced by the real service.
export function createCartService(_deps: ServiceDeps) {
  return {};
}
