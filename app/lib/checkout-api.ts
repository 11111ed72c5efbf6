import type { z } from "zod";
import type { CheckoutDto, CheckoutOptionsDto } from "../../shared/checkout";
import type { CheckoutInput } from "../../shared/schemas/checkout";
import type { OrderLookupInput, shopperCancelSchema } from "../../shared/schemas/order-life";
import { ApiError, apiRequest, errorCode } from "./api";

/**
 * Places the checkout (POST /api/checkout). The Idempotency-Key is the attempt's: sending
 * it again (a lost answer, a double tap) answers the first result and creates nothing new.
 */
export async function placeCheckout(
  body: CheckoutInput,
  idempotencyKey: string,
): Promise<CheckoutDto> {
  return apiRequest<CheckoutDto>("POST", "/api/checkout", body, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** A checkout's orders (GET /api/orders/{orderNumber}?token=); null when it is not found. */
export async function fetchCheckoutOrders(
  orderNumber: string,
  token: string,
): Promise<CheckoutDto | null> {
  return apiRequest<CheckoutDto>(
    "GET",
    `/api/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`,
  ).catch((error: unknown) => {
    if (errorCode(error) === "not_found") return null;
    throw error;
  });
}

/**
 * A new payment link for a card checkout not paid yet (the first one expired, or Wompi was
 * down when the orders were placed): POST /api/orders/{orderNumber}/payment?token=.
 */
export async function retryPayment(orderNumber: string, token: string): Promise<CheckoutDto> {
  return apiRequest<CheckoutDto>(
    "POST",
    `/api/orders/${encodeURIComponent(orderNumber)}/payment?token=${encodeURIComponent(token)}`,
  );
}

/**
 * What /checkout may offer for this cart (issue 25): card payment, and per merchant of the
 * cart its fulfilment, delivery area, fee and payment methods.
 */
export async function fetchCheckoutOptions(sessionId: string): Promise<CheckoutOptionsDto> {
  return apiRequest<CheckoutOptionsDto>(
    "GET",
    `/api/checkout/options?sessionId=${encodeURIComponent(sessionId)}`,
  );
}

/**
 * The shopper cancels one order of the checkout while the merchant has not started it:
 * POST /api/orders/{orderNumber}/cancel?token= with {orderId}; answers the whole checkout.
 * 409 (ORDER_ALREADY_PREPARING_MESSAGE) once the merchant is preparing it.
 */
export async function cancelOrder(
  orderNumber: string,
  token: string,
  orderId: number,
): Promise<CheckoutDto> {
  const body: z.input<typeof shopperCancelSchema> = { orderId };
  return apiRequest<CheckoutDto>(
    "POST",
    `/api/orders/${encodeURIComponent(orderNumber)}/cancel?token=${encodeURIComponent(token)}`,
    body,
  );
}

/**
 * 'Buscar mi pedido': POST /api/orders/lookup. Always 202 with the same message when the
 * body is well formed (it never says whether the order exists); 400 malformed, 429 too many.
 */
export async function lookupOrder(body: OrderLookupInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>("POST", "/api/orders/lookup", body);
}

export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Espera un momento e intenta de nuevo.";

/** What a shopper reads when the checkout failed: the server's Spanish message when it sent one. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (errorCode(error) === "rate_limited") return TOO_MANY_ATTEMPTS;
  return "No pudimos enviar tu pedido. Revisa tu conexión e intenta de nuevo.";
}
