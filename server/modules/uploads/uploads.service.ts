import type { ServiceDeps } from "../../services";

// PLACEHOLDER: replaced by the real service.
export function createUploadsService(_deps: ServiceDeps) {
  return {};
}
