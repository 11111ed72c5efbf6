import { z } from "zod";
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN } from "../phone";
import { cartSessionIdSchema } from "./cart";
import { emailField, textField, tooLong } from "./fields";

/**
 * The body of POST /api/checkout (issue 10), shared by the /checkout form and the server,
 * so both show the same Spanish message by the same field.
 */

export const CUSTOMER_NAME_MIN = 2;
export const CUSTOMER_NAME_MAX = 100;
export const ORDER_NOTE_MAX = 500;

export const PAYMENT_METHODS = ["card", "whatsapp"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CUSTOMER_NAME_MESSAGE = "Ingresa tu nombre (al menos 2 caracteres)";
export const CUSTOMER_EMAIL_MESSAGE = "Correo electrónico inválido";
export const PAYMENT_METHOD_MESSAGE = "Elige cómo quieres pagar";
export const IDEMPOTENCY_KEY_MESSAGE = "Clave de idempotencia inválida";

/** The form's labels of the two ways to pay. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Pagar con tarjeta",
  whatsapp: "Coordinar el pago con el comercio",
};

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
