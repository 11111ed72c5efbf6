import type { CheckoutDto } from "../../shared/checkout";
import type { CheckoutInput } from "../../shared/schemas/checkout";
import { ApiError, toApiError } from "./api";

/**
 * Places the checkout (POST /api/checkout). The Idempotency-Key is the attempt's: sending
 * it again (a lost answer, a double tap) answers the first result and creates nothing new.
 */
export async function placeCheckout(
  body: CheckoutInput,
  idempotencyKey: string,
): Promise<CheckoutDto> {
  const response = await fetch("/api/checkout", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as CheckoutDto;
}

/** A checkout's orders (GET /api/orders/{orderNumber}?token=); null when it answers 404. */
export async function fetchCheckoutOrders(
  orderNumber: string,
  token: string,
): Promise<CheckoutDto | null> {
  const response = await fetch(
    `/api/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`,
    { credentials: "include" },
  );
  if (response.status === 404) return null;
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as CheckoutDto;
}

/**
 * A new payment link for a card checkout not paid yet (the first one expired, or Wompi was
 * down when the orders were placed): POST /api/orders/{orderNumber}/payment?token=.
 */
export async function retryPayment(orderNumber: string, token: string): Promise<CheckoutDto> {
  const response = await fetch(
    `/api/orders/${encodeURIComponent(orderNumber)}/payment?token=${encodeURIComponent(token)}`,
    { method: "POST", credentials: "include" },
  );
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as CheckoutDto;
}

/** What a shopper reads when the checkout failed: the server's Spanish message when it sent one. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError && error.status === 429) {
    return "Demasiados intentos. Espera un momento e intenta de nuevo.";
  }
  return "No pudimos enviar tu pedido. Revisa tu conexión e intenta de nuevo.";
}
