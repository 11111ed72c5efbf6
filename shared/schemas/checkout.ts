import { z } from "zod";
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN } from "../phone";
import { cartSessionIdSchema } from "./cart";
import { emailField, textField, tooLong } from "./fields";
import { whatsappNumberField } from "../whatsapp-number";
import { deliveryAddressSchema } from "./order-life";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "../order-life";

/**
 * The body of POST /api/checkout (issue 10), shared by the /checkout form and the server,
 * so both show the same Spanish message by the same field.
 */

export const CUSTOMER_NAME_MIN = 2;
export const CUSTOMER_NAME_MAX = 100;
export const ORDER_NOTE_MAX = 500;

export { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod };

export const CUSTOMER_NAME_MESSAGE = "Ingresa tu nombre (al menos 2 caracteres)";
export const CUSTOMER_EMAIL_MESSAGE = "Correo electrónico inválido";
export const PAYMENT_METHOD_MESSAGE = "Elige cómo quieres pagar";
export const IDEMPOTENCY_KEY_MESSAGE = "Clave de idempotencia inválida";

/** How each merchant of the checkout hands over its order, by merchant id ("12"). */
export const CHECKOUT_FULFILLMENTS = ["delivery", "pickup"] as const;
export const CHECKOUT_FULFILLMENT_MESSAGE = "Elige entrega a domicilio o recoger en tienda";

export const checkoutSchema = z.object({
  sessionId: cartSessionIdSchema,
  customerName: textField(CUSTOMER_NAME_MESSAGE)
    .trim()
    .min(CUSTOMER_NAME_MIN, CUSTOMER_NAME_MESSAGE)
    .max(CUSTOMER_NAME_MAX, tooLong(CUSTOMER_NAME_MAX)),
  customerEmail: emailField(CUSTOMER_EMAIL_MESSAGE),
  // Optional: absent, null, empty or blank mean none; a local number gets +503.
  customerPhone: textField(PHONE_MESSAGE)
    .trim()
    .overwrite((v) => (v === "" ? v : normalizePhone(v)))
    .refine((v) => v === "" || PHONE_PATTERN.test(v), PHONE_MESSAGE)
    .nullish(),
  note: textField().trim().max(ORDER_NOTE_MAX, tooLong(ORDER_NOTE_MAX)).nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE }),
  // Issue 25, optional on the API: which merchants deliver and which are picked up, and
  // where to deliver (required by the service when any order is a delivery).
  fulfillment: z
    .record(
      z.string().regex(/^\d{1,10}$/, CHECKOUT_FULFILLMENT_MESSAGE),
      z.enum(CHECKOUT_FULFILLMENTS, { error: CHECKOUT_FULFILLMENT_MESSAGE }),
      { error: CHECKOUT_FULFILLMENT_MESSAGE },
    )
    .nullish(),
  deliveryAddress: deliveryAddressSchema.nullish(),
  // Issue 35, optional: the shopper's consent to hear of its orders by WhatsApp, at this
  // number (customerPhone when absent; the service answers 400 when neither is given).
  whatsappNotices: z.boolean({ error: "Indica si quieres los avisos por WhatsApp" }).nullish(),
  whatsappNumber: whatsappNumberField.nullish(),
});

export type CheckoutInput = z.input<typeof checkoutSchema>;
export type Checkout = z.output<typeof checkoutSchema>;

/**
 * The Idempotency-Key header: the page sends a new one per attempt (crypto.randomUUID()).
 * 8–200 visible ASCII characters.
 */
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(/^[\x21-\x7e]{8,200}$/, IDEMPOTENCY_KEY_MESSAGE);
