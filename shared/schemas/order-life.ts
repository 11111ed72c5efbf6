import { z } from "zod";
import { isMunicipalityOf, isDepartment } from "../el-salvador";
import {
  ACCOUNT_TYPES,
  CANCEL_REASON_MESSAGE,
  FULFILLMENT_STATUS_MESSAGE,
  FULFILLMENT_STATUSES,
  PAYMENT_METHODS,
} from "../order-life";
import { ORDER_STATUS_MESSAGE, ORDER_STATUSES } from "../order-status";
import {
  checkDistrict,
  DEPARTMENT_MESSAGE,
  districtField,
  emailField,
  MUNICIPALITY_MESSAGE,
  priceField,
  properDistrict,
  textField,
  tooLong,
} from "./fields";

/**
 * Issue 25's request bodies (the contract is in shared/order-life.ts): the merchant's
 * payment settings, the checkout's delivery address, the status changes, the shopper's
 * cancel and 'Buscar mi pedido', the refund and the payout.
 */

export const PAYMENT_METHODS_MESSAGE = "Elige al menos un medio de pago";
export const BANK_FIELD_MESSAGE = "Completa los datos bancarios para recibir transferencias";
export const ACCOUNT_TYPE_MESSAGE = "Elige el tipo de cuenta: Ahorro o Corriente";
export const DELIVERY_FEE_MESSAGE = "Ingresa un costo de envío válido (ej: 2.50)";
export const ADDRESS_MESSAGE = "Ingresa la dirección de entrega (5 a 200 caracteres)";
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 200;
export const REFERENCE_MAX = 200;
export const CANCEL_REASON_MIN = 5;
export const CANCEL_REASON_MAX = 300;
export const BANK_FIELD_MAX = 100;
export const ORDER_NUMBER_MESSAGE = "Ingresa el número de pedido (ej: ES-2026-000123)";
export const LOOKUP_EMAIL_MESSAGE = "Ingresa el correo con el que hiciste el pedido";
export const REFUND_REFERENCE_MESSAGE = "Indica la referencia del reembolso";
export const PAYOUT_AMOUNT_MESSAGE = "Ingresa un monto mayor que cero (ej: 125.50)";
export const PAYOUT_REFERENCE_MESSAGE = "Indica la referencia del pago (transferencia, cheque…)";
export const PAID_AT_MESSAGE = "Ingresa la fecha de pago como AAAA-MM-DD";
export const PAYOUT_DECIMALS_MESSAGE = "El monto lleva dos decimales como máximo (ej: 125.50)";

export const ORDER_NUMBER_PATTERN = /^ES-\d{4}-\d{6,12}$/;

/** An amount of money ≥ 0, as exact text ("2.50"); null or absent: not set. */
const feeField = z
  .union([z.string(), z.number(), z.null()], { error: DELIVERY_FEE_MESSAGE })
  .transform((value, ctx) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const fee = priceField.safeParse(value);
    if (fee.success) return fee.data;
    ctx.addIssue({ code: "custom", message: DELIVERY_FEE_MESSAGE, input: value });
    return z.NEVER;
  })
  .optional();

const bankText = textField(BANK_FIELD_MESSAGE)
  .trim()
  .max(BANK_FIELD_MAX, tooLong(BANK_FIELD_MAX))
  .nullish();

/**
 * A merchant's fee and payment settings: optional on every merchant write (left out, they
 * keep what is stored); spread into merchantOperationsSchema. That `transfer` needs the
 * bank details is checked against the stored row by the service (a partial edit may send
 * only one of them).
 */
export const merchantPaymentFields = {
  deliveryFee: feeField,
  freeDeliveryFrom: feeField,
  paymentMethods: z
    .array(z.enum(PAYMENT_METHODS, { error: PAYMENT_METHODS_MESSAGE }), {
      error: PAYMENT_METHODS_MESSAGE,
    })
    .min(1, PAYMENT_METHODS_MESSAGE)
    .max(PAYMENT_METHODS.length, PAYMENT_METHODS_MESSAGE)
    .transform((methods) => [...new Set(methods)])
    .optional(),
  bankName: bankText,
  accountHolder: bankText,
  accountNumber: bankText,
  accountType: z.enum(ACCOUNT_TYPES, { error: ACCOUNT_TYPE_MESSAGE }).nullish(),
};

/** The checkout's delivery address: El Salvador's departments, their municipalities and districts. */
export const deliveryAddressSchema = z
  .object({
    department: textField(DEPARTMENT_MESSAGE)
      .trim()
      .refine((v) => isDepartment(v), DEPARTMENT_MESSAGE),
    municipality: textField(MUNICIPALITY_MESSAGE).trim().min(1, MUNICIPALITY_MESSAGE),
    // Issue 36, optional: one of the municipality's districts (its fee, where it delivers).
    district: districtField,
    address: textField(ADDRESS_MESSAGE)
      .trim()
      .min(ADDRESS_MIN, ADDRESS_MESSAGE)
      .max(ADDRESS_MAX, ADDRESS_MESSAGE),
    reference: textField()
      .trim()
      .max(REFERENCE_MAX, tooLong(REFERENCE_MAX))
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((data, ctx) => {
    if (isDepartment(data.department) && !isMunicipalityOf(data.department, data.municipality)) {
      ctx.addIssue({
        code: "custom",
        message: MUNICIPALITY_MESSAGE,
        path: ["municipality"],
        input: data.municipality,
      });
    }
    checkDistrict(data, ctx);
  })
  .transform(({ district, ...address }) => ({
    ...address,
    district: properDistrict(address.municipality, district),
  }));

export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;

const cancelReason = textField(CANCEL_REASON_MESSAGE)
  .trim()
  .min(CANCEL_REASON_MIN, CANCEL_REASON_MESSAGE)
  .max(CANCEL_REASON_MAX, CANCEL_REASON_MESSAGE);

/**
 * The merchant's PUT …/orders/{orderId}/status: a later step, or a status (today's body):
 * `paid` (cash, transfer or WhatsApp money received), `cancelled` with its reason.
 */
export const merchantOrderStatusSchema = z
  .object({
    fulfillmentStatus: z
      .enum(FULFILLMENT_STATUSES, { error: FULFILLMENT_STATUS_MESSAGE })
      .optional(),
    status: z.enum(ORDER_STATUSES, { error: ORDER_STATUS_MESSAGE }).optional(),
    reason: z.unknown().optional(),
  })
  .transform((data, ctx) => {
    const step = data.fulfillmentStatus;
    if (step !== undefined && data.status === undefined) return { fulfillmentStatus: step };
    if (data.status === undefined || data.fulfillmentStatus !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: FULFILLMENT_STATUS_MESSAGE,
        path: ["fulfillmentStatus"],
        input: data.fulfillmentStatus,
      });
      return z.NEVER;
    }
    if (data.status !== "cancelled") return { status: data.status } as const;
    const reason = cancelReason.safeParse(data.reason);
    if (!reason.success) {
      ctx.addIssue({ code: "custom", message: CANCEL_REASON_MESSAGE, path: ["reason"], input: "" });
      return z.NEVER;
    }
    return { status: "cancelled", reason: reason.data } as const;
  });

export type MerchantOrderStatusInput = z.input<typeof merchantOrderStatusSchema>;
export type MerchantOrderStatusChange = z.output<typeof merchantOrderStatusSchema>;

/** The shopper's POST /api/orders/{orderNumber}/cancel?token=…: which order of the checkout. */
export const shopperCancelSchema = z.object({
  orderId: z.coerce
    .number<number | string>({ error: "Pedido no encontrado" })
    .int("Pedido no encontrado")
    .min(1, "Pedido no encontrado")
    .max(2 ** 31 - 1, "Pedido no encontrado"),
});

/** 'Buscar mi pedido'. */
export const orderLookupSchema = z.object({
  orderNumber: textField(ORDER_NUMBER_MESSAGE)
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => ORDER_NUMBER_PATTERN.test(v), ORDER_NUMBER_MESSAGE),
  email: emailField(LOOKUP_EMAIL_MESSAGE),
});
export type OrderLookupInput = z.input<typeof orderLookupSchema>;

/** The administrator's POST /api/admin/orders/{id}/refund. */
export const refundSchema = z.object({
  reference: textField(REFUND_REFERENCE_MESSAGE)
    .trim()
    .min(1, REFUND_REFERENCE_MESSAGE)
    .max(200, tooLong(200)),
});
export type RefundInput = z.input<typeof refundSchema>;

/** A calendar date, or an ISO date-time as clients send it (issue 37 L8): nothing else. */
const PAID_AT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
/** Decimal text with two decimals at most: a third is refused, never rounded (L8). */
const CENTS_AT_MOST = /^\d+(?:\.\d{1,2})?$/;

/**
 * A payout's date: 'AAAA-MM-DD' is that day in El Salvador (noon, UTC−6, so no clock
 * reads it as the day before), a date-time is that instant. The range (the merchant's
 * first order to tomorrow) is checked by the payouts service.
 */
function readPaidAt(value: string): Date | null {
  const match = PAID_AT_PATTERN.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  // 2026-02-30 would roll over to March: a day the calendar has, only.
  if (day.toISOString().slice(0, 10) !== `${y}-${m}-${d}`) return null;
  const at = value.length === 10 ? new Date(`${value}T18:00:00.000Z`) : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The administrator's POST /api/admin/merchants/{id}/payouts. */
export const payoutSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: PAYOUT_AMOUNT_MESSAGE })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (/^\d+\.\d{3,}$/.test(text)) {
        ctx.addIssue({ code: "custom", message: PAYOUT_DECIMALS_MESSAGE, input: value });
        return z.NEVER;
      }
      const parsed = priceField.safeParse(value);
      if (!CENTS_AT_MOST.test(text) || !parsed.success || /^0+\.00$/.test(parsed.data)) {
        ctx.addIssue({ code: "custom", message: PAYOUT_AMOUNT_MESSAGE, input: value });
        return z.NEVER;
      }
      return parsed.data;
    }),
  reference: textField(PAYOUT_REFERENCE_MESSAGE)
    .trim()
    .min(1, PAYOUT_REFERENCE_MESSAGE)
    .max(200, tooLong(200)),
  paidAt: z
    .string({ error: PAID_AT_MESSAGE })
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const at = readPaidAt(v);
      if (!at) {
        ctx.addIssue({ code: "custom", message: PAID_AT_MESSAGE, input: v });
        return z.NEVER;
      }
      return at;
    })
    .nullish(),
});
export type PayoutInput = z.input<typeof payoutSchema>;
