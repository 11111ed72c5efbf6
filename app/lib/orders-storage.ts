/**
 * The orders this browser placed (issue 10: /orders), kept in browser storage like the cart
 * id. Only a checkout's first order number and its token are kept: together they open the
 * checkout's page and its API (GET /api/orders/{orderNumber}?token=), nothing else.
 */
export const ORDERS_STORAGE_KEY = "tiangue-orders";

/** How many checkouts the list keeps (the newest ones). */
export const STORED_ORDERS_MAX = 50;

export interface StoredOrder {
  orderNumber: string;
  token: string;
  /** When it was placed (ISO), for the list's order. */
  placedAt: string;
}

// When storage is blocked (private mode) the list lives for this tab only.
let memoryOrders: StoredOrder[] = [];

function isStoredOrder(value: unknown): value is StoredOrder {
  if (typeof value !== "object" || value === null) return false;
  const { orderNumber, token, placedAt } = value as Record<string, unknown>;
  return (
    typeof orderNumber === "string" &&
    orderNumber !== "" &&
    typeof token === "string" &&
    token !== "" &&
    typeof placedAt === "string"
  );
}

/** The stored checkouts, newest first; [] on the server or when nothing (valid) is stored. */
export function readStoredOrders(): StoredOrder[] {
  if (typeof window === "undefined") return [];
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(ORDERS_STORAGE_KEY);
  } catch {
    return memoryOrders;
  }
  if (raw === null) return memoryOrders;
  try {
    const parsed: unknown = JSON.parse(raw);
    // Whatever else is there (an old format, a hand edit) is ignored, never shown.
    return Array.isArray(parsed) ? parsed.filter(isStoredOrder) : [];
  } catch {
    return [];
  }
}

function writeStoredOrders(orders: StoredOrder[]) {
  memoryOrders = orders;
  try {
    window.localStorage.setItem(ORDERS_STORAGE_KEY, JSON.stringify(orders));
  } catch {
    // Storage blocked or full: the in-memory list still serves this tab.
  }
}

/** The order number and token of an order page's address ('/orders/ES-2026-000123?token=…'). */
export function parseOrderUrl(orderUrl: string): { orderNumber: string; token: string } | null {
  let url: URL;
  try {
    url = new URL(orderUrl, "http://localhost");
  } catch {
    return null;
  }
  const match = /^\/orders\/([^/]+)$/.exec(url.pathname);
  const token = url.searchParams.get("token");
  if (!match || !token) return null;
  return { orderNumber: decodeURIComponent(match[1]), token };
}

/** The page of a stored checkout, as a path of this site. */
export function orderPath(order: { orderNumber: string; token: string }): string {
  return `/orders/${encodeURIComponent(order.orderNumber)}?token=${encodeURIComponent(order.token)}`;
}

/** Keeps a placed checkout (browser only), newest first, once. */
export function rememberOrder(
  order: { orderNumber: string; token: string },
  placedAt = new Date(),
) {
  const others = readStoredOrders().filter((o) => o.orderNumber !== order.orderNumber);
  writeStoredOrders(
    [
      { orderNumber: order.orderNumber, token: order.token, placedAt: placedAt.toISOString() },
      ...others,
    ].slice(0, STORED_ORDERS_MAX),
  );
}

/** Drops checkouts the server no longer knows (404), so the list stops asking for them. */
export function forgetOrders(orderNumbers: readonly string[]) {
  if (orderNumbers.length === 0) return;
  const gone = new Set(orderNumbers);
  writeStoredOrders(readStoredOrders().filter((o) => !gone.has(o.orderNumber)));
}
