import { AlertTriangle } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { type CheckoutMerchantOptionDto, deliveryFeeFor } from "../../../shared/checkout";
import {
  deliversTo,
  describeDeliveryArea,
  describePlaceFees,
  minimumOrderMissingMessage,
  minimumOrderShortfall,
  offersDelivery,
} from "../../../shared/delivery";
import { formatPrice, sumPrices } from "../../../shared/money";
import {
  deliveryFeeLabel,
  ORDER_FULFILLMENT_LABELS,
  type OrderFulfillment,
  PAYMENT_METHOD_ORDER,
} from "../../../shared/order-life";
import {
  type CHECKOUT_FULFILLMENTS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from "../../../shared/schemas/checkout";

/**
 * The checkout's per-merchant pieces (issue 25), apart from the form that holds them: how
 * each merchant's order is handed over, the payment methods all of them take, and the
 * totals with each delivery fee.
 */

export type Choice = (typeof CHECKOUT_FULFILLMENTS)[number];
/** The per-merchant choices under `m<id>` keys (a numeric key would make an array). */
export type Choices = Record<string, Choice | "">;

export const choiceKey = (merchantId: number | string) => `m${merchantId}`;

/** How one merchant's order reaches the shopper; null while a 'both' merchant is unchosen. */
export function fulfillmentOf(
  merchant: Pick<CheckoutMerchantOptionDto, "fulfillment">,
  choice: Choice | "" | undefined,
): OrderFulfillment | null {
  switch (merchant.fulfillment) {
    case null:
      return "arrange";
    case "both":
      return choice || null;
    default:
      return merchant.fulfillment;
  }
}

/** The payment methods every merchant of the cart accepts, in the forms' order. */
export function methodsForAll(
  merchants: readonly Pick<CheckoutMerchantOptionDto, "paymentMethods">[],
  cardPayment: boolean,
): PaymentMethod[] {
  return PAYMENT_METHOD_ORDER.filter(
    (method) =>
      (method !== "card" || cardPayment) &&
      merchants.every((merchant) => merchant.paymentMethods.includes(method)),
  );
}

/** 'A', 'A y B', 'A, B y C'. */
function joinNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} y ${names[names.length - 1]}`;
}

// 'la' transferencia, 'la' tarjeta, 'lo' (el efectivo, el pago coordinado).
const PRONOUN: Record<PaymentMethod, string> = {
  cash: "lo",
  transfer: "la",
  card: "la",
  whatsapp: "lo",
};

/**
 * Why a method some merchants accept is not offered: 'Transferencia bancaria: Pupusería X
 * no la acepta', one line per such method.
 */
export function missingMethodNotes(
  merchants: readonly Pick<CheckoutMerchantOptionDto, "name" | "paymentMethods">[],
  cardPayment: boolean,
): string[] {
  return PAYMENT_METHOD_ORDER.flatMap((method) => {
    if (method === "card" && !cardPayment) return [];
    const lacking = merchants.filter((m) => !m.paymentMethods.includes(method));
    if (lacking.length === 0 || lacking.length === merchants.length) return [];
    const verb = lacking.length === 1 ? "acepta" : "aceptan";
    const names = joinNames(lacking.map((m) => m.name));
    return [`${PAYMENT_METHOD_LABELS[method]}: ${names} no ${PRONOUN[method]} ${verb}`];
  });
}

/** A merchant's way of handing over: a choice when it offers both, else what it does. */
export function MerchantFulfillment({
  id,
  merchant,
  choice,
  municipality,
  district,
  error,
  register,
}: {
  id: string;
  merchant: CheckoutMerchantOptionDto;
  choice: Choice | "" | undefined;
  municipality: string;
  /** Issue 36: the address's district, '' for none. */
  district?: string;
  error?: string;
  register: UseFormRegisterReturn;
}) {
  const fulfillment = fulfillmentOf(merchant, choice);
  const place = district || municipality;
  const deliveryText = [
    deliveryFeeLabel(merchant.deliveryFee, merchant.freeDeliveryFrom),
    describePlaceFees(merchant.deliveryFees),
    describeDeliveryArea(merchant),
  ]
    .filter(Boolean)
    .join(" · ");
  const pickupText =
    merchant.municipality && merchant.department
      ? `En su local, en ${merchant.municipality} (${merchant.department}).`
      : "En el local del comercio.";
  const warnings: string[] = [];
  if (merchant.temporarilyClosed) {
    warnings.push("Cerrado por ahora: este comercio no está recibiendo pedidos.");
  }
  const missing = minimumOrderShortfall(merchant.minimumOrder, merchant.subtotal);
  if (missing && merchant.minimumOrder) {
    // Inside the merchant's own box: 'Te faltan $2.00 para el pedido mínimo de $10.00.'
    warnings.push(`${minimumOrderMissingMessage(missing, merchant.minimumOrder)}.`);
  }
  // Only when the delivery would go there (or may still be chosen).
  if (
    municipality &&
    offersDelivery(merchant.fulfillment) &&
    fulfillment !== "pickup" &&
    !deliversTo(merchant, municipality, district)
  ) {
    warnings.push(
      merchant.fulfillment === "both"
        ? `No entrega en ${place}: elige recoger en tienda o quita sus productos del carrito.`
        : `No entrega en ${place}: quita sus productos del carrito o cambia la dirección.`,
    );
  }
  const warningList = warnings.length > 0 && (
    <ul className="flex flex-col gap-1" data-testid="merchant-warnings">
      {warnings.map((warning) => (
        <li
          key={warning}
          className="flex items-start gap-2 rounded-md bg-maiz-100 px-3 py-2 text-sm text-amber-900"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {warning}
        </li>
      ))}
    </ul>
  );

  if (merchant.fulfillment === "both") {
    return (
      <fieldset
        className="grid gap-2 rounded-lg border border-stone-200 p-3"
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`fulfillment-${merchant.id}`}
      >
        <legend className="px-1 font-medium text-stone-900">{merchant.name}</legend>
        <ChoiceOption
          id={`${id}-delivery`}
          value="delivery"
          checked={choice === "delivery"}
          title={ORDER_FULFILLMENT_LABELS.delivery}
          description={deliveryText}
          {...register}
        />
        <ChoiceOption
          id={`${id}-pickup`}
          value="pickup"
          checked={choice === "pickup"}
          title={ORDER_FULFILLMENT_LABELS.pickup}
          description={pickupText}
          {...register}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {warningList}
      </fieldset>
    );
  }
  const only = fulfillment ?? "arrange";
  return (
    <div
      className="grid gap-1 rounded-lg border border-stone-200 p-3"
      data-testid={`fulfillment-${merchant.id}`}
    >
      <p className="font-medium text-stone-900">{merchant.name}</p>
      <p className="text-sm text-stone-800">{ORDER_FULFILLMENT_LABELS[only]}</p>
      {only !== "arrange" && (
        <p className="text-sm text-stone-600">{only === "delivery" ? deliveryText : pickupText}</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {warningList}
    </div>
  );
}

/**
 * Per merchant its products, its delivery fee and its order's total, then the grand total:
 * exact cents (shared/money.ts). A fee agreed with the merchant is not added, and says so.
 */
export function CheckoutTotals({
  merchants,
  choices,
  address = null,
}: {
  merchants: readonly CheckoutMerchantOptionDto[];
  choices: Choices;
  /** Issue 36: where it goes, for the fee of its district or municipality. */
  address?: { municipality: string; district?: string } | null;
}) {
  const rows = merchants.map((merchant) => {
    const fulfillment = fulfillmentOf(merchant, choices[choiceKey(merchant.id)]);
    const fee =
      fulfillment === null
        ? null
        : deliveryFeeFor(fulfillment, merchant, merchant.subtotal, address);
    let feeText: string;
    if (fulfillment === null) feeText = "Elige entrega o recoger en tienda";
    else if (fulfillment === "pickup") feeText = "Sin envío: recoges en tienda";
    else
      feeText = deliveryFeeLabel(
        fee,
        fulfillment === "delivery" ? merchant.freeDeliveryFrom : null,
      );
    const known = fulfillment !== null && fee !== null;
    return { merchant, fee: known ? fee : null, feeText, pending: !known };
  });
  const total = sumPrices([
    ...rows.map((row) => row.merchant.subtotal),
    ...rows.flatMap((row) => (row.fee === null ? [] : [row.fee])),
  ]);
  const unchosen = rows.some(
    (row) => fulfillmentOf(row.merchant, choices[choiceKey(row.merchant.id)]) === null,
  );
  const arranged = rows.filter((row) => row.pending && !unchosen);
  return (
    <section aria-labelledby="checkout-totals-heading" className="flex flex-col gap-3">
      <h2 id="checkout-totals-heading" className="text-lg font-semibold text-stone-900">
        Total a pagar
      </h2>
      <ul className="flex flex-col gap-3" aria-label="Total por comercio">
        {rows.map(({ merchant, fee, feeText }) => (
          <li
            key={merchant.id}
            className="rounded-lg border border-stone-200 p-3 text-sm"
            data-testid={`totals-${merchant.id}`}
          >
            <p className="font-medium text-stone-900">{merchant.name}</p>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-stone-800">
              <dt>Productos</dt>
              <dd className="text-right tabular-nums">{formatPrice(merchant.subtotal)}</dd>
              <dt>Envío</dt>
              <dd className="text-right" data-testid="checkout-fee">
                {fee !== null && Number(fee) !== 0 ? (
                  <span className="tabular-nums">{formatPrice(fee)}</span>
                ) : (
                  feeText
                )}
              </dd>
            </dl>
            {fee !== null && Number(fee) !== 0 && merchant.freeDeliveryFrom && (
              <p className="mt-1 text-xs text-stone-600">{feeText}</p>
            )}
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between rounded-lg bg-brand-50 px-4 py-3 text-lg">
        <span>Total</span>
        <span className="font-bold tabular-nums" data-testid="checkout-total">
          {formatPrice(total)}
        </span>
      </p>
      {unchosen && (
        <p className="text-sm text-stone-700">
          Elige cómo recibes cada pedido para ver el total con envío.
        </p>
      )}
      {arranged.length > 0 && (
        <p className="text-sm text-stone-700">
          Sin incluir el envío que acordarás con{" "}
          {joinNames(arranged.map((row) => row.merchant.name))}.
        </p>
      )}
    </section>
  );
}

function ChoiceOption({
  id,
  title,
  description,
  checked,
  ...input
}: {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  value: string;
} & UseFormRegisterReturn) {
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
        checked ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-white"
      }`}
    >
      <input
        id={id}
        type="radio"
        className="mt-1 size-4 shrink-0 accent-brand-700"
        aria-describedby={description ? `${id}-description` : undefined}
        {...input}
      />
      <span>
        <span className="block font-medium text-stone-900">{title}</span>
        {description && (
          <span id={`${id}-description`} className="block text-sm text-stone-700">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}

export function PaymentOption(
  props: {
    id: string;
    title: string;
    description: string;
    checked: boolean;
    value: string;
  } & UseFormRegisterReturn<"paymentMethod">,
) {
  return <ChoiceOption {...props} />;
}
