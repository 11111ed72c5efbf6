import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver, ResolverOptions } from "react-hook-form";
import type { z } from "zod";
import type { CheckoutMerchantOptionDto } from "../../../shared/checkout";
import { WHATSAPP_NUMBER_REQUIRED_MESSAGE } from "../../../shared/notices";
import {
  chooseFulfillmentMessage,
  CUSTOMER_PHONE_REQUIRED_MESSAGE,
} from "../../../shared/order-life";
import {
  type Checkout,
  checkoutSchema,
  type PaymentMethod,
} from "../../../shared/schemas/checkout";
import { type Choice, type Choices, choiceKey, fulfillmentOf } from "./checkout-choices";

/**
 * The checkout form's values and their check: the shared schema the server parses the body
 * with, plus the rules that depend on the cart's merchants (issue 25) and the WhatsApp
 * consent (issue 35).
 */

// The cart id is not typed by the shopper: the page adds it when sending.
const checkoutFormSchema = checkoutSchema.omit({ sessionId: true });
type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormData = Omit<Checkout, "sessionId">;
const validateWithSchema = zodResolver(checkoutFormSchema);

/**
 * What the shopper fills in. The per-merchant choice is kept under `m<id>` keys (a numeric
 * key would make react-hook-form build an array) and becomes the body's `fulfillment`.
 */
export interface FormValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  note: string;
  paymentMethod: PaymentMethod | "";
  choices: Choices;
  deliveryAddress: {
    department: string;
    municipality: string;
    /** Issue 36: optional, '' for none. */
    district: string;
    address: string;
    reference: string;
  };
  /** Issue 35: only when the server offers WhatsApp notices. */
  whatsappNotices: boolean;
  whatsappNumber: string;
}

export const FIELD_NAMES = new Set<string>([
  "customerName",
  "customerEmail",
  "customerPhone",
  "note",
  "paymentMethod",
  "whatsappNotices",
  "whatsappNumber",
]);
export const ADDRESS_FIELDS = new Set<string>([
  "department",
  "municipality",
  "district",
  "address",
  "reference",
]);

/** The body's `fulfillment`: each merchant that delivers or is picked up, by id. */
function fulfillmentBody(
  merchants: readonly CheckoutMerchantOptionDto[],
  choices: FormValues["choices"],
): Record<string, Choice> {
  const body: Record<string, Choice> = {};
  for (const merchant of merchants) {
    const fulfillment = fulfillmentOf(merchant, choices[choiceKey(merchant.id)]);
    if (fulfillment === "delivery" || fulfillment === "pickup") body[merchant.id] = fulfillment;
  }
  return body;
}

export const anyDelivery = (
  merchants: readonly CheckoutMerchantOptionDto[],
  choices: FormValues["choices"],
) => merchants.some((m) => fulfillmentOf(m, choices[choiceKey(m.id)]) === "delivery");

/**
 * The shared schema checks what it knows; the rules that depend on the cart's merchants
 * are added here, with the server's own messages: a choice for each 'both' merchant, the
 * phone when an order is delivered or paid in cash. The address is checked only with a
 * delivery.
 */
export function checkoutResolver(
  merchants: readonly CheckoutMerchantOptionDto[],
  whatsappOffered: boolean,
): Resolver<FormValues, unknown, CheckoutFormData> {
  return async (values, context, options) => {
    const delivery = anyDelivery(merchants, values.choices);
    const fulfillment = fulfillmentBody(merchants, values.choices);
    // Without the box ticked (or offered) neither field is sent.
    const whatsapp = whatsappOffered && values.whatsappNotices;
    const input: CheckoutFormInput = {
      customerName: values.customerName,
      customerEmail: values.customerEmail,
      customerPhone: values.customerPhone,
      note: values.note,
      paymentMethod: values.paymentMethod as PaymentMethod,
      ...(Object.keys(fulfillment).length > 0 ? { fulfillment } : {}),
      ...(delivery ? { deliveryAddress: values.deliveryAddress } : {}),
      ...(whatsapp ? { whatsappNotices: true, whatsappNumber: values.whatsappNumber } : {}),
    };
    const result = await validateWithSchema(
      input,
      context,
      options as unknown as ResolverOptions<CheckoutFormInput>,
    );
    const errors = { ...result.errors } as FieldErrors<FormValues>;
    const choiceErrors: Record<string, { type: string; message: string }> = {};
    for (const merchant of merchants) {
      if (fulfillmentOf(merchant, values.choices[choiceKey(merchant.id)]) === null) {
        choiceErrors[choiceKey(merchant.id)] = {
          type: "required",
          message: chooseFulfillmentMessage(merchant.name),
        };
      }
    }
    if (Object.keys(choiceErrors).length > 0) {
      errors.choices = choiceErrors as FieldErrors<FormValues>["choices"];
    }
    const phoneNeeded = delivery || values.paymentMethod === "cash";
    if (phoneNeeded && values.customerPhone.trim() === "" && !errors.customerPhone) {
      errors.customerPhone = { type: "required", message: CUSTOMER_PHONE_REQUIRED_MESSAGE };
    }
    if (whatsapp && values.whatsappNumber.trim() === "" && !errors.whatsappNumber) {
      errors.whatsappNumber = { type: "required", message: WHATSAPP_NUMBER_REQUIRED_MESSAGE };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as CheckoutFormData, errors: {} };
  };
}
