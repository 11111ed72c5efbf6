import { useMutation, useQuery } from "@tanstack/react-query";
import type { UserDto } from "../../shared/api-types";
import { apiRequest } from "./api";

// The admin panel's query keys and its session. Its calls are one file a resource:
// admin-merchants-api.ts, admin-categories-api.ts, admin-products-api.ts, admin-reviews-api.ts,
// admin-orders-api.ts, admin-payouts-api.ts, admin-notices-api.ts, admin-personal-data-api.ts;
// what they share with the merchant portal is back-office-api.ts (and product-writes.ts).

/** Query keys of the admin panel: the default query fn GETs the first element (spec §7). */
export const ADMIN_KEYS = {
  user: "/api/auth/user",
  merchants: "/api/admin/merchants",
  pending: "/api/admin/merchants/pending",
  categories: "/api/admin/categories",
  orders: "/api/admin/orders",
  reviews: "/api/admin/reviews",
  products: "/api/admin/products",
  merchantNames: "/api/admin/merchants/names",
  payouts: "/api/admin/payouts",
} as const;

/** The signed-in administrator; a 401 is an ordinary error (spec §7), never retried. */
export function useAuthUser() {
  return useQuery<UserDto>({ queryKey: [ADMIN_KEYS.user], retry: false });
}

/** Sign-out; the caller goes to /admin/login whatever the answer (spec §2). */
export function useLogout() {
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/auth/logout") });
}
