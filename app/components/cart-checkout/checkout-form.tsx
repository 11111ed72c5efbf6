import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  Controller,
  type FieldErrors,
  type Path,
  type Resolver,
  type ResolverOptions,
  useForm,
  type UseFormRegisterReturn,
} from "react-hook-form";
import type { z } from "zod";
import {
  type CheckoutDto,
  type CheckoutMerchantOptionDto,
  deliveryFeeFor,
} from "../../../shared/checkout";
import { deliversTo, describeDeliveryArea, offersDelivery } from "../../../shared/delivery";
import { formatPrice, sumPrices } from "../../../shared/money";
import {
  chooseFulfillmentMessage,
  CUSTOMER_PHONE_REQUIRED_MESSAGE,
  deliveryFeeLabel,
  ORDER_FULFILLMENT_LABELS,
  type OrderFulfillment,
  PAYMENT_METHOD_ORDER,
} from "../../../shared/order-life";
import {
  type Checkout,
  type CHECKOUT_FULFILLMENTS,
  checkoutSchema,
  ORDER_NOTE_MAX,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from "../../../shared/schemas/checkout";
import { ADDRESS_MAX, REFERENCE_MAX } from "../../../shared/schemas/order-life";
import { ApiError } from "../../lib/api";
import { checkoutErrorMessage, placeCheckout } from "../../lib/checkout-api";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { useHydrated } from "../../lib/use-hydrated";
import { readChosenMunicipality } from "./cart-delivery";
import { DepartmentMunicipalityFields } from "../forms/department-municipality-fields";
import { fieldA11y, FormField } from "../forms/form-field";
import { PhoneField } from "../forms/phone-field";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";

// The cart id is not typed by the shopper: the page adds it when sending.
const checkoutFormSchema = checkoutSchema.omit({ sessionId: true });
type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
type CheckoutFormData = Omit<Checkout, "sessionId">;
const validateWithSchema = zodResolver(checkoutFormSchema);

type Choice = (typeof CHECKOUT_FULFILLMENTS)[number];

/**
 * What the shopper fills in. The per-merchant choice is kept under `m<id>` keys (a numeric
 * key would make react-hook-form build an array) and becomes the body's `fulfillment`.
 */
interface FormValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  note: string;
  paymentMethod: PaymentMethod | "";
  choices: Record<string, Choice | "">;
  deliveryAddress: { department: string; municipality: string; address: string; reference: string };
}

const FIELD_NAMES = new Set<string>([
  "customerName",
  "customerEmail",
  "customerPhone",
  "note",
  "paymentMethod",
]);
const ADDRESS_FIELDS = new Set<string>(["department", "municipality", "address", "reference"]);

const choiceKey = (merchantId: number | string) => `m${merchantId}`;

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

const anyDelivery = (
  merchants: readonly CheckoutMerchantOptionDto[],
  choices: FormValues["choices"],
) => merchants.some((m) => fulfillmentOf(m, choices[choiceKey(m.id)]) === "delivery");

/**
 * The shared schema checks what it knows; the rules that depend on the cart's merchants
 * are added here, with the server's own messages: a choice for each 'both' merchant, the
 * phone when an order is delivered or paid in cash. The address is checked only with a
 * delivery.
 */
function checkoutResolver(
  merchants: readonly CheckoutMerchantOptionDto[],
): Resolver<FormValues, unknown, CheckoutFormData> {
  return async (values, context, options) => {
    const delivery = anyDelivery(merchants, values.choices);
    const fulfillment = fulfillmentBody(merchants, values.choices);
    const input: CheckoutFormInput = {
      customerName: values.customerName,
      customerEmail: values.customerEmail,
      customerPhone: values.customerPhone,
      note: values.note,
      paymentMethod: values.paymentMethod as PaymentMethod,
      ...(Object.keys(fulfillment).length > 0 ? { fulfillment } : {}),
      ...(delivery ? { deliveryAddress: values.deliveryAddress } : {}),
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
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as CheckoutFormData, errors: {} };
  };
}

export interface CheckoutFormProps {
  /** The cart being ordered (sent as `sessionId`). */
  sessionId: string;
  /** 'Tarjeta (Wompi)' is offered only when card payment is configured. */
  cardAvailable: boolean;
  /** Each merchant of the cart, in the cart's order (GET /api/checkout/options). */
  merchants: readonly CheckoutMerchantOptionDto[];
  /** Called with the 201 answer; the page saves it and moves on. */
  onPlaced: (result: CheckoutDto, paymentMethod: PaymentMethod) => void;
  /**
   * True from the first send until a final answer: orders may exist already (a 502 after
   * they were placed, a lost answer), so the page keeps showing this form and its lines
   * even though the cart was emptied, and a retry sends the same key.
   */
  onAttemptChange?: (active: boolean) => void;
}

/** Which Idempotency-Key to send: kept while the same attempt is retried (network, 5xx). */
function isFinalAnswer(error: unknown) {
  // A 4xx created nothing and the shopper will change something: the next send is a new attempt.
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

const METHOD_DESCRIPTIONS: Record<PaymentMethod, string> = {
  cash: "Pagas en efectivo a cada comercio cuando recibes o recoges tu pedido.",
  transfer:
    "Al confirmar verás la cuenta de cada comercio; usa el número de pedido como referencia de la transferencia.",
  card: "Pagas el total en línea con tarjeta de crédito o débito, a través de Wompi.",
  whatsapp:
    "Sin pago en línea: envías tu pedido a cada comercio por WhatsApp y acuerdan cómo pagar.",
};

/** The method chosen at first: card when offered (as before issue 25), else WhatsApp, else the first. */
function defaultMethod(offered: readonly PaymentMethod[]): PaymentMethod | "" {
  if (offered.includes("card")) return "card";
  if (offered.includes("whatsapp")) return "whatsapp";
  return offered[0] ?? "";
}

/**
 * The checkout (issues 10 and 25), in the order a person fills it on a phone: how each
 * merchant's order arrives, where (with a delivery), who orders, how to pay, then what it
 * costs. Validated with the shared schema plus the cart's rules; the server's field
 * messages come back next to their fields.
 */
export function CheckoutForm({
  sessionId,
  cardAvailable,
  merchants,
  onPlaced,
  onAttemptChange,
}: CheckoutFormProps) {
  const id = useId();
  const hydrated = useHydrated();
  // One key per attempt: a retry after a lost answer must not place the orders twice.
  const attemptKey = useRef<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const offered = useMemo(
    () => methodsForAll(merchants, cardAvailable),
    [merchants, cardAvailable],
  );
  const resolver = useMemo(() => checkoutResolver(merchants), [merchants]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, CheckoutFormData>({
    resolver,
    defaultValues: {
      customerName: "",
      customerEmail: "",
      customerPhone: "",
      note: "",
      paymentMethod: defaultMethod(offered),
      choices: Object.fromEntries(merchants.map((m) => [choiceKey(m.id), ""])),
      deliveryAddress: { department: "", municipality: "", address: "", reference: "" },
    },
  });

  // 'Entrega a mi municipio' already told us where the shopper is: start the address there.
  useEffect(() => {
    const chosen = readChosenMunicipality();
    if (chosen && getValues("deliveryAddress.municipality") === "") {
      setValue("deliveryAddress.department", chosen.department);
      setValue("deliveryAddress.municipality", chosen.name);
    }
  }, [getValues, setValue]);

  const method = watch("paymentMethod");
  // The cart changed under the form (a 409, another tab): never keep a method no longer offered.
  useEffect(() => {
    const current = getValues("paymentMethod");
    if (current === "" || !offered.includes(current)) {
      setValue("paymentMethod", defaultMethod(offered));
    }
  }, [offered, getValues, setValue]);

  const send = useAsyncAction(
    (data: CheckoutFormData) => {
      if (attemptKey.current === null) {
        attemptKey.current = crypto.randomUUID();
        onAttemptChange?.(true);
      }
      return placeCheckout({ ...data, sessionId }, attemptKey.current);
    },
    {
      onSuccess: (result, data) => {
        attemptKey.current = null;
        onPlaced(result, data.paymentMethod);
      },
      onError: (error) => {
        if (isFinalAnswer(error)) {
          attemptKey.current = null;
          onAttemptChange?.(false);
        }
        const message = checkoutErrorMessage(error);
        // The server checks with the same schema; its messages go back next to their fields.
        if (error instanceof ApiError) {
          const choices = getValues("choices");
          for (const issue of error.body?.errors ?? []) {
            const [field, sub] = issue.path.split(".");
            const server = { type: "server", message: issue.message };
            if (field === "deliveryAddress" && sub && ADDRESS_FIELDS.has(sub)) {
              setError(`deliveryAddress.${sub}` as Path<FormValues>, server);
            } else if (field === "fulfillment") {
              const key = sub ? choiceKey(sub) : null;
              if (key && key in choices) setError(`choices.${key}`, server);
              else setError("root.fulfillment", server);
            } else if (FIELD_NAMES.has(field)) {
              setError(field as Path<FormValues>, server);
            }
          }
        }
        setFormError(message);
        toast({
          title: "No se pudo realizar el pedido",
          description: message,
          variant: "destructive",
        });
      },
    },
  );

  const a11y = (field: string, error: string | undefined, required = false, hint = false) =>
    fieldA11y(`${id}-${field}`, error, required, hint);
  const note = watch("note") ?? "";
  const choices = watch("choices");
  const municipality = watch("deliveryAddress.municipality");
  const delivery = anyDelivery(merchants, choices);
  const phoneNeeded = delivery || method === "cash";
  const missing = missingMethodNotes(merchants, cardAvailable);
  const busy = send.isPending || send.isSuccess;
  const addressErrors = errors.deliveryAddress;

  return (
    <form
      noValidate
      aria-label="Finalizar pedido"
      className="flex flex-col gap-6"
      onSubmit={handleSubmit((data) => {
        setFormError(null);
        void send.run(data);
      })}
    >
      <fieldset className="grid gap-4" disabled={busy}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">
          ¿Cómo recibes tu pedido?
        </legend>
        {errors.root?.fulfillment?.message && (
          <p role="alert" className="text-sm text-red-700">
            {errors.root.fulfillment.message}
          </p>
        )}
        {merchants.map((merchant) => (
          <MerchantFulfillment
            key={merchant.id}
            id={`${id}-m${merchant.id}`}
            merchant={merchant}
            choice={choices[choiceKey(merchant.id)]}
            municipality={municipality}
            error={errors.choices?.[choiceKey(merchant.id)]?.message}
            register={register(`choices.${choiceKey(merchant.id)}`)}
          />
        ))}
      </fieldset>

      {delivery && (
        <fieldset className="grid gap-4" disabled={busy}>
          <legend className="mb-2 text-lg font-semibold text-stone-900">
            Dirección de entrega
          </legend>
          <Controller
            control={control}
            name="deliveryAddress.department"
            render={({ field: department }) => (
              <Controller
                control={control}
                name="deliveryAddress.municipality"
                render={({ field: place }) => (
                  <DepartmentMunicipalityFields
                    department={department.value}
                    municipality={place.value}
                    onDepartmentChange={department.onChange}
                    onMunicipalityChange={place.onChange}
                    onBlur={department.onBlur}
                    departmentError={addressErrors?.department?.message}
                    municipalityError={addressErrors?.municipality?.message}
                    disabled={busy}
                  />
                )}
              />
            )}
          />
          <FormField
            id={`${id}-address`}
            label="Dirección"
            required
            error={addressErrors?.address?.message}
            hint="Colonia, calle o pasaje y número de casa."
          >
            <Input
              autoComplete="street-address"
              maxLength={ADDRESS_MAX}
              {...a11y("address", addressErrors?.address?.message, true, true)}
              {...register("deliveryAddress.address")}
            />
          </FormField>
          <FormField
            id={`${id}-reference`}
            label="Punto de referencia (opcional)"
            error={addressErrors?.reference?.message}
            hint="Ej.: portón negro, frente a la iglesia."
          >
            <Input
              maxLength={REFERENCE_MAX}
              {...a11y("reference", addressErrors?.reference?.message, false, true)}
              {...register("deliveryAddress.reference")}
            />
          </FormField>
        </fieldset>
      )}

      <fieldset className="grid gap-4" disabled={busy}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">Tus datos</legend>
        <FormField
          id={`${id}-customerName`}
          label="Nombre"
          required
          error={errors.customerName?.message}
        >
          <Input
            autoComplete="name"
            {...a11y("customerName", errors.customerName?.message, true)}
            {...register("customerName")}
          />
        </FormField>
        <FormField
          id={`${id}-customerEmail`}
          label="Correo electrónico"
          required
          error={errors.customerEmail?.message}
          hint="Con tu correo y el número de pedido podrás volver a encontrar tu pedido."
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            {...a11y("customerEmail", errors.customerEmail?.message, true, true)}
            {...register("customerEmail")}
          />
        </FormField>
        <PhoneField
          control={control}
          name="customerPhone"
          id={`${id}-customerPhone`}
          label={phoneNeeded ? "Teléfono" : "Teléfono (opcional)"}
          required={phoneNeeded}
          error={errors.customerPhone?.message}
        />
        <FormField
          id={`${id}-note`}
          label="Nota para el comercio (opcional)"
          error={errors.note?.message}
          hint={`${note.length}/${ORDER_NOTE_MAX} caracteres`}
        >
          <Textarea
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            {...a11y("note", errors.note?.message, false, true)}
            {...register("note")}
          />
        </FormField>
      </fieldset>

      <fieldset
        className="grid gap-3"
        disabled={busy}
        aria-describedby={errors.paymentMethod ? `${id}-paymentMethod-error` : undefined}
      >
        <legend className="mb-2 text-lg font-semibold text-stone-900">¿Cómo quieres pagar?</legend>
        {offered.map((option) => (
          <PaymentOption
            key={option}
            id={`${id}-${option}`}
            value={option}
            checked={method === option}
            title={PAYMENT_METHOD_LABELS[option]}
            description={METHOD_DESCRIPTIONS[option]}
            {...register("paymentMethod")}
          />
        ))}
        {offered.length === 0 && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            Los comercios de tu carrito no tienen un medio de pago en común. Haz un pedido por
            separado para cada comercio: quita del carrito los productos de uno de ellos.
          </p>
        )}
        {missing.length > 0 && (
          <ul className="text-sm text-stone-700" data-testid="missing-methods">
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {errors.paymentMethod?.message && (
          <p id={`${id}-paymentMethod-error`} role="alert" className="text-sm text-red-700">
            {errors.paymentMethod.message}
          </p>
        )}
      </fieldset>

      <CheckoutTotals merchants={merchants} choices={choices} />

      {formError && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="checkout-error"
        >
          {formError}
        </p>
      )}

      <Button type="submit" size="lg" disabled={!hydrated || busy || offered.length === 0}>
        {busy
          ? "Enviando pedido..."
          : method === "card"
            ? "Realizar pedido y pagar"
            : "Realizar pedido"}
      </Button>
    </form>
  );
}

/** A merchant's way of handing over: a choice when it offers both, else what it does. */
function MerchantFulfillment({
  id,
  merchant,
  choice,
  municipality,
  error,
  register,
}: {
  id: string;
  merchant: CheckoutMerchantOptionDto;
  choice: Choice | "" | undefined;
  municipality: string;
  error?: string;
  register: UseFormRegisterReturn;
}) {
  const fulfillment = fulfillmentOf(merchant, choice);
  const deliveryText = [
    deliveryFeeLabel(merchant.deliveryFee, merchant.freeDeliveryFrom),
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
  // Only when the delivery would go there (or may still be chosen).
  if (
    municipality &&
    offersDelivery(merchant.fulfillment) &&
    fulfillment !== "pickup" &&
    !deliversTo(merchant, municipality)
  ) {
    warnings.push(
      merchant.fulfillment === "both"
        ? `No entrega en ${municipality}: elige recoger en tienda o quita sus productos del carrito.`
        : `No entrega en ${municipality}: quita sus productos del carrito o cambia la dirección.`,
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
function CheckoutTotals({
  merchants,
  choices,
}: {
  merchants: readonly CheckoutMerchantOptionDto[];
  choices: FormValues["choices"];
}) {
  const rows = merchants.map((merchant) => {
    const fulfillment = fulfillmentOf(merchant, choices[choiceKey(merchant.id)]);
    const fee =
      fulfillment === null ? null : deliveryFeeFor(fulfillment, merchant, merchant.subtotal);
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

function PaymentOption(
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
