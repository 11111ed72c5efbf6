import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PushDeviceDto } from "../../../shared/api-types";
import { PUSH_ENABLE_LABEL } from "../../../shared/notices";
import { dismissToast } from "../../lib/toast";
import { stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { PUSH_BLOCKED_TEXT, PUSH_UNSUPPORTED_TEXT, PushSection } from "./push-devices";

/** A VAPID public key: 65 bytes, written URL-safe (its '-' and '_' included). */
const KEY_BYTES = [4, ...Array.from({ length: 62 }, (_, i) => i), 0xfb, 0xff];
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString("base64url");

const THIS_PHONE = "https://fcm.googleapis.com/fcm/send/this-phone";
const OTHER = "https://updates.push.services.mozilla.com/wpush/v2/other";

const device = (overrides: Partial<PushDeviceDto>): PushDeviceDto => ({
  id: 1,
  label: "Chrome en Android",
  endpoint: OTHER,
  createdAt: "2026-01-10T15:00:00.000Z",
  lastUsedAt: null,
  ...overrides,
});

/** The browser's subscription for `endpoint`, as PushManager gives it. */
function aSubscription(endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(KEY_BYTES).buffer },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** Web Push in this browser: a worker registration with its pushManager, and the permission. */
function installPush({
  subscribed = null as string | null,
  permission = "granted" as NotificationPermission,
} = {}) {
  let current = subscribed ? aSubscription(subscribed) : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = aSubscription(THIS_PHONE);
      return current;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  };
  Object.defineProperty(navigator, "serviceWorker", { value: serviceWorker, configurable: true });
  vi.stubGlobal("PushManager", class {});
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal("Notification", { permission: "default", requestPermission });
  return { pushManager, serviceWorker, requestPermission, current: () => current };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as Partial<Navigator> & { serviceWorker?: unknown }).serviceWorker;
  dismissToast();
});

const PATH = "/api/merchant/7/push-subscriptions";

function devicesApi(devices: { current: PushDeviceDto[] }) {
  return stubLists({
    [`GET ${PATH}`]: () => jsonResponse(devices.current),
    [`POST ${PATH}`]: () => {
      devices.current = [...devices.current, device({ id: 9, endpoint: THIS_PHONE })];
      return jsonResponse({ id: 9 }, 201);
    },
    [`DELETE ${PATH}/2`]: () => {
      devices.current = devices.current.filter((d) => d.id !== 2);
      return jsonResponse(null, 204);
    },
  });
}

const row = (label: string) => within(screen.getByRole("article", { name: new RegExp(label) }));

describe("Portal 'Avisos': notifications on the merchant's phones", () => {
  it("lists the devices and says which one is this phone", async () => {
    installPush({ subscribed: THIS_PHONE });
    devicesApi({
      current: [
        device({ id: 1, label: "Firefox en Windows" }),
        device({
          id: 2,
          label: "Chrome en Android",
          endpoint: THIS_PHONE,
          lastUsedAt: "2026-01-12T22:30:00.000Z",
        }),
      ],
    });
    renderAdmin(<PushSection merchantId={7} publicKey={PUBLIC_KEY} />);
    const mine = within(await screen.findByRole("article", { name: /Chrome en Android/ }));
    await waitFor(() => expect(mine.getByText("Este teléfono")).toBeTruthy());
    expect(mine.getByText(/Agregado el/).textContent).toBe(
      "Agregado el 10 de enero de 2026 · último aviso el 12 de enero de 2026, 16:30",
    );
    const other = row("Firefox en Windows");
    expect(other.queryByText("Este teléfono")).toBeNull();
    expect(other.getByText(/aún sin avisos/)).toBeTruthy();
    // Already subscribed and listed: nothing to activate.
    expect(screen.getByText("Este teléfono ya recibe los avisos de tus pedidos.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: PUSH_ENABLE_LABEL })).toBeNull();
  });

  it("asks permission, subscribes with the server's key and registers this phone", async () => {
    const push = installPush();
    const api = devicesApi({ current: [] });
    const { user } = renderAdmin(<PushSection merchantId={7} publicKey={PUBLIC_KEY} />);
    expect(await screen.findByText("Ningún teléfono recibe avisos todavía.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: PUSH_ENABLE_LABEL }));

    await waitFor(() => expect(api.bodies(`POST ${PATH}`)).toHaveLength(1));
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.serviceWorker.register).toHaveBeenCalledWith("/sw.js");
    const [options] = push.pushManager.subscribe.mock.calls[0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(KEY_BYTES);
    expect(api.bodies(`POST ${PATH}`)).toEqual([
      { endpoint: THIS_PHONE, keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } },
    ]);
    expect(await screen.findByText("Avisos activados")).toBeTruthy();
    await waitFor(() => expect(row("Chrome en Android").getByText("Este teléfono")).toBeTruthy());
  });

  it("says how to allow notifications when the permission is refused, and registers nothing", async () => {
    const push = installPush({ permission: "denied" });
    const api = devicesApi({ current: [] });
    const { user } = renderAdmin(<PushSection merchantId={7} publicKey={PUBLIC_KEY} />);
    await user.click(await screen.findByRole("button", { name: PUSH_ENABLE_LABEL }));
    expect(await screen.findByText(PUSH_BLOCKED_TEXT)).toBeTruthy();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.bodies(`POST ${PATH}`)).toEqual([]);
  });

  it("'Quitar' on this phone forgets it on the server and unsubscribes the browser", async () => {
    const push = installPush({ subscribed: THIS_PHONE });
    const api = devicesApi({ current: [device({ id: 2, endpoint: THIS_PHONE })] });
    const { user } = renderAdmin(<PushSection merchantId={7} publicKey={PUBLIC_KEY} />);
    const quit = await screen.findByRole("button", { name: "Quitar este teléfono" });
    const subscription = push.current()!;
    await user.click(quit);
    await waitFor(() => expect(api.bodies(`DELETE ${PATH}/2`)).toEqual([undefined]));
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("Ningún teléfono recibe avisos todavía.")).toBeTruthy();
    expect(screen.getByRole("button", { name: PUSH_ENABLE_LABEL })).toBeTruthy();
  });

  it("explains what to do where the browser has no Web Push", async () => {
    devicesApi({ current: [] });
    renderAdmin(<PushSection merchantId={7} publicKey={PUBLIC_KEY} />);
    expect(await screen.findByText(PUSH_UNSUPPORTED_TEXT)).toBeTruthy();
    expect(
      screen.getByText(/En iPhone o iPad, primero agrega el portal a tu pantalla/),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: PUSH_ENABLE_LABEL })).toBeNull();
  });
});
