import type { ServiceDeps } from "../../services";

// PLACEHOLDER: replaced by the real service.
export function createOrdersService(_deps: ServiceDeps) {
  return {};
}
