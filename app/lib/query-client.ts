import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { useState } from "react";
import { apiRequest } from "./api";

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

let tabClient: QueryClient | null = null;

/** The browser's one client, kept across pages. */
function browserQueryClient(): QueryClient {
  tabClient ??= createQueryClient();
  return tabClient;
}

/**
 * Forgets every answer this tab's client holds: a sign-in must not show the portal data a
 * previous session loaded in the same tab. Nothing to do when no page has made the client yet.
 */
export function clearTabQueries(): void {
  tabClient?.clear();
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
