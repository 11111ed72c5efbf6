import { createHmac, timingSafeEqual } from "node:crypto";
import { centsToPrice, priceToCents } from "../../../shared/money";

/**
 * Wompi's webhook signature: the `wompi_hash` header is the hex HMAC-SHA256 of the exact
 * raw body, keyed with the API secret. It must be checked over the bytes as received —
 * a body parsed and serialized again may differ by a space or a key order, and no longer
 * match — so the webhook route has to keep the raw body.
 */

export const WOMPI_SIGNATURE_HEADER = "wompi_hash";
/** Our webhook, inside /api (urlWebhook of every payment link). */
export const WOMPI_WEBHOOK_ROUTE = "/payments/wompi/webhook";
/** Its full path: the one route the same-origin check lets other senders POST to. */
export const WOMPI_WEBHOOK_PATH = `/api${WOMPI_WEBHOOK_ROUTE}`;
/** ResultadoTransaccion of an approved payment. */
export const WOMPI_APPROVED = "ExitosaAprobada";

/** The signature Wompi sends with this body (also what the fake signs with). */
export function signWompiBody(rawBody: string | Buffer, apiSecret: string): string {
  return createHmac("sha256", apiSecret).update(rawBody).digest("hex");
}

/**
 * Whether `signature` (the header's value) is this body's; false when it is missing or
 * malformed. The comparison takes the same time wherever the first difference is.
 */
export function verifyWompiSignature(
  rawBody: string | Buffer,
  signature: string | string[] | undefined,
  apiSecret: string,
): boolean {
  if (typeof signature !== "string") return false;
  const given = signature.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(signWompiBody(rawBody, apiSecret), "hex");
  return timingSafeEqual(Buffer.from(given, "hex"), expected);
}

/** What the webhook route needs of a (verified) notification. */
export interface WompiNotification {
  transactionId: string;
  /** ResultadoTransaccion, e.g. 'ExitosaAprobada'. */
  result: string;
  approved: boolean;
  /** Monto as our decimal text ("28.00"), or null when it is not an amount. */
  amount: string | null;
  /** EnlacePago.Id: the link the payment was made on (the orders' paymentId). */
  linkId: string | null;
  /** EnlacePago.IdentificadorEnlaceComercio: our checkout reference. */
  reference: string | null;
  /**
   * EsProductiva: false for a payment in Wompi's development mode (no money moved), null
   * when the notification does not say.
   */
  productive: boolean | null;
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : null;

/**
 * Reads a notification's fields after its signature was verified; null when the body is
 * not a JSON object with a transaction id (the route then answers 400).
 */
export function parseWompiNotification(rawBody: string | Buffer): WompiNotification | null {
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === "string" ? rawBody : rawBody.toString("utf8"));
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const transactionId = text(b.IdTransaccion);
  if (!transactionId) return null;
  const result = text(b.ResultadoTransaccion) ?? "";
  const cents = priceToCents(b.Monto);
  const link =
    typeof b.EnlacePago === "object" && b.EnlacePago !== null
      ? (b.EnlacePago as Record<string, unknown>)
      : {};
  return {
    transactionId,
    result,
    approved: result === WOMPI_APPROVED,
    amount: cents === null ? null : centsToPrice(cents),
    linkId: text(link.Id),
    reference: text(link.IdentificadorEnlaceComercio),
    productive: typeof b.EsProductiva === "boolean" ? b.EsProductiva : null,
  };
}
