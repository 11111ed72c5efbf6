import { vi } from "vitest";

/** One page of a list as the API answers it: the array, and the total in X-Total-Count. */
export function listPage(items: unknown[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { "content-type": "application/json", "x-total-count": String(total) },
  });
}

/**
 * A fetch stub for paged lists, answering by "METHOD path" whatever the query string (the
 * handler reads it from the URL); it records every URL and body asked for. Unknown calls
 * fail the test loudly.
 */
export function stubLists(routes: Record<string, (url: URL, body: unknown) => Response>) {
  const calls: { key: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`fetch inesperado: ${key}`);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, url: input, body });
    return handler(url, body);
  });
  vi.stubGlobal("fetch", fetch);
  return {
    fetch,
    /** The URLs GET asked for under `path`, in order. */
    urls: (path: string) => calls.filter((c) => c.key === `GET ${path}`).map((c) => c.url),
    bodies: (key: string) => calls.filter((c) => c.key === key).map((c) => c.body),
  };
}
