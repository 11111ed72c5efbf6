import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Meta's webhook signature: `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the exact
 * raw body keyed with the app secret (WHATSAPP_APP_SECRET). It holds only over the bytes as
 * received — a body parsed and serialised again may differ — so the route keeps the raw body,
 * verifies it, then reads it with parseWhatsAppWebhook (below).
 */

/** The header as Node's IncomingMessage names it (lower case). */
export const WHATSAPP_SIGNATURE_HEADER = "x-hub-signature-256";

const SIGNATURE_PATTERN = /^sha256=([0-9a-f]{64})$/i;

/** The header's value Meta sends with this body (the fake signs with it too). */
export function signWhatsAppBody(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/**
 * Whether `header` is this body's signature; false when it is missing, repeated, malformed or
 * the secret is empty. The comparison takes the same time wherever the first difference is.
 */
export function verifyWhatsAppSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  if (typeof header !== "string" || appSecret === "") return false;
  const match = SIGNATURE_PATTERN.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1], "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  // timingSafeEqual throws on different lengths; the pattern already fixes 32 bytes.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// The `messages` webhook: what Meta says of our messages, and the people's own.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const numberOf = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value)
    ? value
    : typeof value === "string" && /^\d+$/.test(value)
      ? Number(value)
      : undefined;
const textOf = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

export type WhatsAppDeliveryStatus = "sent" | "delivered" | "read" | "failed";
const STATUSES = new Set<string>(["sent", "delivered", "read", "failed"]);

export interface WhatsAppStatusUpdate {
  messageId: string;
  status: WhatsAppDeliveryStatus;
  timestamp: Date;
  /** recipient_id as E.164 ("+50370000000"). */
  recipient: string;
  /** biz_opaque_callback_data, as the message was sent with it. */
  callbackData: string | null;
  /** The first of `errors` (a failed status). */
  error: { code: number; title: string; details?: string } | null;
  /** metadata.phone_number_id: which of the business's numbers sent it. */
  phoneNumberId: string | null;
}

export interface WhatsAppIncomingMessage {
  /** E.164 with '+'. */
  from: string;
  id: string;
  /** Meta's type: 'text', 'button', 'image'… */
  type: string;
  /** The text written (text.body, or a template button's label); null for media and others. */
  text: string | null;
  timestamp: Date;
  /** The WhatsApp profile's name, from `contacts`. */
  name: string | null;
  phoneNumberId: string | null;
}

export interface WhatsAppWebhook {
  statuses: WhatsAppStatusUpdate[];
  messages: WhatsAppIncomingMessage[];
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const e164 = (value: unknown): string | null => {
  const digits = typeof value === "string" ? value.replace(/\D/g, "") : "";
  return digits === "" ? null : `+${digits}`;
};
/** Meta's seconds since the epoch as text; the time of receipt when unreadable. */
const timeOf = (value: unknown): Date => {
  const seconds = numberOf(value);
  return seconds === undefined ? new Date() : new Date(seconds * 1000);
};

function statusOf(raw: unknown, phoneNumberId: string | null): WhatsAppStatusUpdate | null {
  if (!isRecord(raw)) return null;
  const messageId = textOf(raw.id);
  const status = textOf(raw.status);
  if (!messageId || !status || !STATUSES.has(status)) return null;
  const first = arrayOf(raw.errors).find(isRecord);
  const code = first ? numberOf(first.code) : undefined;
  const details = first && isRecord(first.error_data) ? textOf(first.error_data.details) : null;
  return {
    messageId,
    status: status as WhatsAppDeliveryStatus,
    timestamp: timeOf(raw.timestamp),
    recipient: e164(raw.recipient_id) ?? "",
    callbackData:
      typeof raw.biz_opaque_callback_data === "string" ? raw.biz_opaque_callback_data : null,
    error:
      first && code !== undefined
        ? {
            code,
            title: textOf(first.title) ?? textOf(first.message) ?? "",
            ...(details ? { details } : {}),
          }
        : null,
    phoneNumberId,
  };
}

function messageOf(
  raw: unknown,
  names: Map<string, string>,
  phoneNumberId: string | null,
): WhatsAppIncomingMessage | null {
  if (!isRecord(raw)) return null;
  const from = e164(raw.from);
  const id = textOf(raw.id);
  if (!from || !id) return null;
  const type = textOf(raw.type) ?? "unknown";
  const text =
    type === "text" && isRecord(raw.text)
      ? textOf(raw.text.body)
      : type === "button" && isRecord(raw.button)
        ? textOf(raw.button.text)
        : undefined;
  return {
    from,
    id,
    type,
    text: text ?? null,
    timestamp: timeOf(raw.timestamp),
    name: names.get(from) ?? null,
    phoneNumberId,
  };
}

/**
 * The statuses and the people's messages of a (verified) webhook body. Anything else — other
 * objects, fields than 'messages', unknown statuses or keys — is left out, never thrown.
 */
export function parseWhatsAppWebhook(json: unknown): WhatsAppWebhook {
  const result: WhatsAppWebhook = { statuses: [], messages: [] };
  if (!isRecord(json) || json.object !== "whatsapp_business_account") return result;
  for (const entry of arrayOf(json.entry)) {
    if (!isRecord(entry)) continue;
    for (const change of arrayOf(entry.changes)) {
      if (!isRecord(change) || change.field !== "messages" || !isRecord(change.value)) continue;
      const value = change.value;
      const phoneNumberId = isRecord(value.metadata)
        ? (textOf(value.metadata.phone_number_id) ?? null)
        : null;
      const names = new Map<string, string>();
      for (const contact of arrayOf(value.contacts)) {
        if (!isRecord(contact)) continue;
        const waId = e164(contact.wa_id);
        const name = isRecord(contact.profile) ? textOf(contact.profile.name) : undefined;
        if (waId && name) names.set(waId, name);
      }
      for (const raw of arrayOf(value.statuses)) {
        const status = statusOf(raw, phoneNumberId);
        if (status) result.statuses.push(status);
      }
      for (const raw of arrayOf(value.messages)) {
        const message = messageOf(raw, names, phoneNumberId);
        if (message) result.messages.push(message);
      }
    }
  }
  return result;
}
