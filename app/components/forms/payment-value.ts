import { z } from "zod";
import { parsePrice } from "../../../shared/money";
import {
  type AccountType,
  DEFAULT_PAYMENT_METHODS,
  PAYMENT_METHOD_ORDER,
  type PaymentMethod,
} from "../../../shared/order-life";
import {
  ACCOUNT_TYPE_MESSAGE,
  BANK_FIELD_MESSAGE,
  merchantPaymentFields,
} from "../../../shared/schemas/order-life";

// A merchant's fee and payment settings (issue 25) as PaymentFields edits them: from the
// stored DTO, to the body to send, checked by the server's rules first.

/** What the payment fields edit: the merchant's fee, what it accepts and its bank details. */
export interface PaymentValue {
  /** "" is 'Envío por coordinar'. */
  deliveryFee: string;
  freeDeliveryFrom: string;
  paymentMethods: PaymentMethod[];
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  accountType: AccountType | "";
}

export type PaymentField = keyof PaymentValue;
export type PaymentErrors = Partial<Record<PaymentField, string>>;

export const BANK_TEXT_FIELDS = ["bankName", "accountHolder", "accountNumber"] as const;
export const PAYMENT_FIELDS: readonly PaymentField[] = [
  "deliveryFee",
  "freeDeliveryFrom",
  "paymentMethods",
  ...BANK_TEXT_FIELDS,
  "accountType",
];

/** The stored settings as a merchant DTO carries them (older answers may lack them). */
export interface StoredPayment {
  deliveryFee?: string | null;
  freeDeliveryFrom?: string | null;
  paymentMethods?: readonly PaymentMethod[];
  bankName?: string | null;
  accountHolder?: string | null;
  accountNumber?: string | null;
  accountType?: AccountType | null;
}

/** The stored settings for the fields; a new merchant accepts WhatsApp and card. */
export function storedPayment(merchant?: StoredPayment): PaymentValue {
  const methods = merchant?.paymentMethods?.length
    ? merchant.paymentMethods
    : DEFAULT_PAYMENT_METHODS;
  return {
    deliveryFee: merchant?.deliveryFee ?? "",
    freeDeliveryFrom: merchant?.freeDeliveryFrom ?? "",
    paymentMethods: PAYMENT_METHOD_ORDER.filter((m) => methods.includes(m)),
    bankName: merchant?.bankName ?? "",
    accountHolder: merchant?.accountHolder ?? "",
    accountNumber: merchant?.accountNumber ?? "",
    accountType: merchant?.accountType ?? "",
  };
}

/** An amount as typed: "" is null, a readable one "2.50", anything else as typed (refused). */
const amount = (text: string) => (text.trim() === "" ? null : (parsePrice(text) ?? text.trim()));
const orNull = (text: string) => text.trim() || null;

/** The body fields to send: always all of them (the form shows what is stored). */
export function paymentPayload(value: PaymentValue) {
  return {
    deliveryFee: amount(value.deliveryFee),
    freeDeliveryFrom: amount(value.freeDeliveryFrom),
    paymentMethods: value.paymentMethods,
    bankName: orNull(value.bankName),
    accountHolder: orNull(value.accountHolder),
    accountNumber: orNull(value.accountNumber),
    accountType: value.accountType || null,
  };
}

const paymentSchema = z.object(merchantPaymentFields);

/**
 * The server's rules before sending: the shared schema's messages (fee, at least one
 * method), and the four bank details when transfers are accepted.
 */
export function checkPaymentValue(value: PaymentValue): PaymentErrors {
  const errors: PaymentErrors = {};
  const parsed = paymentSchema.safeParse(paymentPayload(value));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as PaymentField;
      errors[field] ??= issue.message;
    }
  }
  if (value.paymentMethods.includes("transfer")) {
    for (const field of BANK_TEXT_FIELDS) {
      if (!value[field].trim()) errors[field] ??= BANK_FIELD_MESSAGE;
    }
    if (!value.accountType) errors.accountType ??= ACCOUNT_TYPE_MESSAGE;
  }
  return errors;
}
