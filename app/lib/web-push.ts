import type { PushSubscriptionInput } from "../../shared/schemas/notices";

/**
 * This browser's side of the merchants' Web Push (issue 35): the service worker
 * (public/sw.js) shows the notices; here the portal asks permission, subscribes its
 * pushManager with the server's VAPID key and reads the subscription back.
 */

/** Whether this browser can receive Web Push at all (an iPhone only from the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The VAPID key as the API writes it (URL-safe base64, unpadded) → the bytes subscribe() takes. */
export function urlBase64ToUint8Array(base64Url: string): Uint8Array<ArrayBuffer> {
  const padding = "=".repeat((4 - (base64Url.length % 4)) % 4);
  const base64 = (base64Url + padding).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The permission was refused (now or before): only the browser's settings can give it back. */
export class PushPermissionError extends Error {
  constructor() {
    super("Notification permission not granted");
    this.name = "PushPermissionError";
  }
}

/** This browser's current subscription, without registering anything; null when none. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** What POST …/push-subscriptions takes of a subscription. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

/**
 * 'Activar avisos en este teléfono': asks permission (from the button's tap), registers the
 * worker if the page has not yet, and subscribes with `publicKey`; an older subscription
 * made with another key is replaced, since the server could not sign for it.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushPermissionError();
  await navigator.serviceWorker.register("/sw.js");
  const registration = await navigator.serviceWorker.ready;
  const key = urlBase64ToUint8Array(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
