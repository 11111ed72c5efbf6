import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError, apiResponse } from "./api";
import { toast } from "./toast";

// What the admin panel's and the merchant portal's calls share: paged lists keyed by their
// URL, the writes that reload them, and the toasts those writes show.

/** Lists that may change after an admin write: public and admin ones (spec §7). */
const CATALOG_PREFIXES = [
  "/api/merchants",
  "/api/admin/merchants",
  "/api/categories",
  "/api/admin/categories",
  "/api/products",
  "/api/admin/products",
  "/api/reviews",
  "/api/admin/reviews",
  "/api/search",
  "/api/cart",
];

/** Reloads every cached list whose URL starts with one of the prefixes (query strings included). */
export function invalidateLists(
  queryClient: QueryClient,
  prefixes: readonly string[] = CATALOG_PREFIXES,
) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return typeof key === "string" && prefixes.some((prefix) => key.startsWith(prefix));
    },
  });
}

/** The server's Spanish message of a failed call, else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The red toast of a failed write. */
export function toastFailure(title: string, description: string) {
  toast({ title, description, variant: "destructive" });
}

interface ToastText {
  title: string;
  description?: string;
}

/**
 * A write of the admin panel or of the merchant portal: the call, what the toast says once
 * done, the cached lists it reloads (invalidateLists; the catalogue's by default), and what
 * the toast says when it fails. The two sides' parallel hooks (products, the CSV upload) are
 * this one function with their own URLs and words.
 */
export function useListWrite<Variables, Answer>(write: {
  call: (variables: Variables) => Promise<Answer>;
  done: (answer: Answer) => ToastText;
  failed: (error: unknown) => ToastText & { description: string };
  reload?: readonly string[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write.call,
    onSuccess: (answer) => {
      toast(write.done(answer));
      return invalidateLists(queryClient, write.reload);
    },
    onError: (error) => {
      const { title, description } = write.failed(error);
      toastFailure(title, description);
    },
  });
}

/** One page of a list and the count of every match (the answer's X-Total-Count). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** What a tab asks of a list (issue 13): a page, a search, and its filters. */
export type ListParams = Record<string, string | number | undefined>;

/** The list's URL with its parameters; blank ones are left out, so page 1 of all is `path`. */
export function listUrl(path: string, params: ListParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** GETs one page: the body's array, the total from X-Total-Count (else what came). */
export async function fetchListPage<T>(url: string): Promise<ListPage<T>> {
  const response = await apiResponse("GET", url);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get("x-total-count") ?? Number.NaN);
  return { items, total: Number.isSafeInteger(total) ? total : items.length };
}

/**
 * A page of an admin list, keyed by its URL (so the writes' invalidateLists reloads it).
 * While the next page or search loads, the last one stays on screen (`isPlaceholderData`).
 */
export function useListPage<T>(path: string, params: ListParams, enabled = true) {
  const url = listUrl(path, params);
  return useQuery<ListPage<T>>({
    queryKey: [url],
    queryFn: () => fetchListPage<T>(url),
    placeholderData: keepPreviousData,
    enabled,
  });
}
