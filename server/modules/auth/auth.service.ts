import type { ServiceDeps } from "../../services";

// PLACEHOLDER: replaced by the real service.
export function createAuthService(_deps: ServiceDeps) {
  return {
    async ensureAdministrator(_input: { username?: string; password?: string }) {
      return { username: "admin", generatedPassword: undefined as string | undefined };
    },
  };
}
