import { createHash } from "node:crypto";
import type { Agent } from "node:https";
import webpush from "web-push";
import { checkVapidKeyPair } from "./vapid-keys";

/**
 * Web Push to the merchants' phones: RFC 8291 encryption and RFC 8292 (VAPID) signatures
 * through the web-push package, with each answer of the push service turned into what the
 * outbox must do next: done, forget the subscription, retry later, or give up.
 */

export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows; it opens `url` on a click, `tag` groups one order's notices. */
export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}

export interface PushSendOptions {
  /** Coalesces undelivered messages; omitted: derived from the payload's tag; null: none. */
  topic?: string | null;
  urgency?: "high" | "normal";
  ttlSeconds?: number;
}

export type PushOutcome =
  | { outcome: "sent" }
  | { outcome: "gone"; status: 404 | 410 }
  | {
      outcome: "error";
      status: number | null;
      error: string;
      retryable: boolean;
      /** The service's Retry-After, in seconds, when it sent one. */
      retryAfterSeconds?: number;
    };

export interface PushSenderOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** An https.Agent (tests trust the local service's self-signed certificate through it). */
  agent?: Agent;
  /** An HTTP(S) proxy for networks that need one; web-push then ignores `agent`. */
  proxy?: string;
  timeoutMs?: number;
}

export interface PushSender {
  send(
    subscription: PushSubscriptionKeys,
    payload: PushPayload,
    options?: PushSendOptions,
  ): Promise<PushOutcome>;
}

/** A notice older than a day is stale (the order page and the e-mail say more by then). */
export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Push services take 4096 bytes of body; aes128gcm adds 86 bytes of header, 16 of tag and
 * one delimiter, so the JSON must stay within 3993 bytes. A little margin for safety.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 3900;

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A Topic header (≤ 32 characters of base64url) for a tag: the tag itself when it already
 * fits ('pedido-123'), else the start of its SHA-256, so each tag keeps one topic.
 */
export function pushTopic(tag: string): string {
  if (TOPIC.test(tag)) return tag;
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** The payload's JSON, its body shortened (with '…') when the whole would not fit. */
export function pushPayloadJson(payload: PushPayload): string {
  const json = JSON.stringify(payload);
  if (utf8Bytes(json) <= MAX_PUSH_PAYLOAD_BYTES) return json;
  let room = MAX_PUSH_PAYLOAD_BYTES - utf8Bytes(JSON.stringify({ ...payload, body: "…" }));
  if (room < 0) {
    throw new Error("El aviso no cabe en una notificación (título, etiqueta o enlace muy largos)");
  }
  let body = "";
  // Whole characters, each counted as it is written in the JSON (escapes, UTF-8 bytes).
  for (const char of payload.body) {
    room -= utf8Bytes(JSON.stringify(char)) - 2;
    if (room < 0) break;
    body += char;
  }
  return JSON.stringify({ ...payload, body: `${body}…` });
}

function validateSubject(subject: string): void {
  let protocol = "";
  try {
    protocol = new URL(subject).protocol;
  } catch {
    // protocol stays empty: refused below with the same message.
  }
  if (protocol !== "mailto:" && protocol !== "https:") {
    throw new Error(
      `El contacto VAPID debe empezar con mailto: o https: (se recibió '${subject}')`,
    );
  }
}

function retryAfterOf(headers: unknown): number | undefined {
  const value = (headers as Record<string, string | undefined> | undefined)?.["retry-after"];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** A push service's answer or a network failure → the outbox's next step. */
function outcomeOfError(error: unknown): PushOutcome {
  if (error instanceof webpush.WebPushError) {
    const status = error.statusCode;
    if (status === 404 || status === 410) return { outcome: "gone", status };
    const retryAfterSeconds = retryAfterOf(error.headers);
    const body = typeof error.body === "string" ? error.body.trim().slice(0, 200) : "";
    return {
      outcome: "error",
      status,
      error: `El servicio de notificaciones respondió ${status}${body ? `: ${body}` : ""}`,
      // Too many requests and the service's own failures pass; any other 4xx will repeat.
      retryable: status === 429 || status >= 500,
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  // Node's network errors carry a code (ECONNREFUSED, ETIMEDOUT…), as does the timeout
  // web-push raises; anything else (a subscription's unusable keys) fails the same next time.
  const network = typeof code === "string" || message === "Socket timeout";
  return {
    outcome: "error",
    status: null,
    error: network
      ? `No se pudo contactar al servicio de notificaciones: ${typeof code === "string" ? `${code} ` : ""}${message}`
      : `No se pudo preparar la notificación: ${message}`,
    retryable: network,
  };
}

export function createPushSender(options: PushSenderOptions): PushSender {
  validateSubject(options.subject);
  checkVapidKeyPair(options.publicKey, options.privateKey);
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
  };
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    async send(subscription, payload, sendOptions = {}) {
      const topic = sendOptions.topic === undefined ? pushTopic(payload.tag) : sendOptions.topic;
      try {
        const body = pushPayloadJson(payload);
        await webpush.sendNotification(subscription, body, {
          vapidDetails,
          TTL: sendOptions.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS,
          urgency: sendOptions.urgency ?? "normal",
          contentEncoding: "aes128gcm",
          timeout,
          ...(topic !== null && { topic: pushTopic(topic) }),
          ...(options.agent && { agent: options.agent }),
          ...(options.proxy && { proxy: options.proxy }),
        });
        return { outcome: "sent" };
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  };
}
