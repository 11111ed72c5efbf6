/**
 * public/sw.js's Web Push (issue 35), run as written in a Node `vm`: a push's JSON becomes a
 * notification, and tapping it brings the portal forward at the order, or opens it. The
 * worker's caching is scripts/service-worker.test.ts's. (app/ imports no Node module: the
 * script is read by Vite as text and run as a function of the worker's globals.)
 */
import { describe, expect, it, vi } from "vitest";
import SOURCE from "../../public/sw.js?raw";

const ORIGIN = "https://tiangue.test";

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function aWindow(path: string, navigable = true): FakeWindow {
  const win: FakeWindow = {
    url: `${ORIGIN}${path}`,
    focus: vi.fn(async () => win),
    navigate: vi.fn(async (url: string) => {
      if (!navigable) throw new TypeError("not controlled");
      win.url = url;
      return win;
    }),
  };
  return win;
}

function startWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => {});
  const openWindow = vi.fn(async (_url: string) => null);
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => {}, matchAll: vi.fn(async () => windows), openWindow },
    registration: { navigationPreload: { enable: async () => {} }, showNotification },
  };
  // The worker's own scope: `self` is ours, the rest of its globals are the test's.
  new Function("self", SOURCE)(self);

  async function dispatch(type: string, fields: object) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...fields, waitUntil: (work: Promise<unknown>) => pending.push(work) });
    await Promise.all(pending);
  }
  const push = (payload: unknown) =>
    dispatch("push", {
      data: {
        json: () => (typeof payload === "string" ? JSON.parse(payload) : payload),
      },
    });
  const click = (url: unknown) => {
    const close = vi.fn();
    return dispatch("notificationclick", { notification: { close, data: { url } } }).then(
      () => close,
    );
  };
  return { push, click, showNotification, openWindow };
}

describe("the service worker's Web Push (issue 35)", () => {
  it("shows the push's title, body and tag with the app's icon and the order's link", async () => {
    const worker = startWorker();
    await worker.push({
      title: "Pedido nuevo ES-2026-000123",
      body: "José Pérez · $5.50 · Entrega a domicilio",
      tag: "order-123",
      url: "/merchant/orders/7/123",
    });
    expect(worker.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = worker.showNotification.mock.calls[0];
    expect(title).toBe("Pedido nuevo ES-2026-000123");
    expect(options).toEqual({
      body: "José Pérez · $5.50 · Entrega a domicilio",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: "/merchant/orders/7/123" },
      tag: "order-123",
      renotify: true,
    });
  });

  it("still says something for an unreadable payload, and never links to another site", async () => {
    const worker = startWorker();
    await worker.push("{not json");
    await worker.push({ title: "Hola", url: "https://evil.example/phish" });
    const [[first, firstOptions], [, secondOptions]] = worker.showNotification.mock.calls;
    expect(first).toBe("Tiangue");
    expect(firstOptions.body).toBe("Tienes un aviso nuevo en tu portal.");
    // No tag: renotify would be refused by the browser.
    expect(firstOptions).not.toHaveProperty("renotify");
    expect(secondOptions.data).toEqual({ url: "/merchant?tab=pedidos" });
  });

  it("a tap brings an open portal window forward at the order", async () => {
    const shop = aWindow("/products");
    const portal = aWindow("/merchant?tab=resumen");
    const worker = startWorker([shop, portal]);
    const close = await worker.click("/merchant/orders/7/123");
    expect(close).toHaveBeenCalled();
    expect(portal.focus).toHaveBeenCalled();
    expect(portal.navigate).toHaveBeenCalledWith(`${ORIGIN}/merchant/orders/7/123`);
    expect(shop.focus).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it("opens a new window when no portal is open, or it cannot be navigated", async () => {
    const worker = startWorker([aWindow("/")]);
    await worker.click("/merchant/orders/7/123");
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/merchant/orders/7/123`);

    const stuck = startWorker([aWindow("/merchant", false)]);
    await stuck.click("/merchant/orders/7/124");
    expect(stuck.openWindow).toHaveBeenCalledWith(`${ORIGIN}/merchant/orders/7/124`);
  });
});
