import type { MerchantMeDto } from "../../shared/merchant-portal";
import { apiRequest } from "./api";

/**
 * A merchant's sign-in (issue 11) as plain calls, for /merchant/login: that page loads neither
 * TanStack Query nor the portal's code (lib/merchant-api.ts) at first (issue 27).
 */

const LOGIN_LINK_URL = "/api/merchant/login-link";
const LOGIN_URL = "/api/merchant/login";

/** Asks for a sign-in link to be sent to `email`. */
export function requestLoginLink(email: string) {
  return apiRequest<{ message?: string } | undefined>("POST", LOGIN_LINK_URL, { email });
}

/** Spends the one-time token: only ever from the 'Entrar' button, never on page load. */
export function merchantLogin(token: string) {
  return apiRequest<MerchantMeDto>("POST", LOGIN_URL, { token });
}
