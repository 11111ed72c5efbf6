import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { useState } from "react";
import type { CartItemDto } from "../../shared/api-types";
import { apiRequest } from "./api";
import { cartQueryKey } from "./cart-session";
import { publishCartLines } from "./use-cart-count";

/** The default read (spec §7): GET on the first element of the key, read as JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  apiRequest("GET", String(queryKey[0]));

/** Spec §7: no retries, data never stale by itself, no refetch on focus, no polling. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

const CART_KEY_PREFIX = cartQueryKey("")[0];
let tabClient: QueryClient | null = null;

/** The browser's one client, kept across pages; each fresh read of the cart sets the badge. */
function browserQueryClient(): QueryClient {
  if (tabClient) return tabClient;
  const client = createQueryClient();
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const key = String(event.query.queryKey[0]);
    const lines = event.action.data;
    if (key.startsWith(CART_KEY_PREFIX) && Array.isArray(lines)) {
      publishCartLines(key.slice(CART_KEY_PREFIX.length), lines as CartItemDto[]);
    }
  });
  tabClient = client;
  return client;
}

/**
 * The query client of the pages that use TanStack Query (routes/with-queries.tsx): one per
 * browser tab, kept while the shopper moves between pages with and without it, and one per
 * server render, never shared between requests.
 */
export function useTabQueryClient(): QueryClient {
  const [client] = useState(() =>
    typeof window === "undefined" ? createQueryClient() : browserQueryClient(),
  );
  return client;
}
