import { QueryClient, type QueryFunction } from "@tanstack/react-query";
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
