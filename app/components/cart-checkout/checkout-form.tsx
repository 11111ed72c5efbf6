import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import type { CheckoutDto, CheckoutMerchantOptionDto } from "../../../shared/checkout";
import {
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
import { readChosenPlace } from "./cart-delivery";
import {
  CheckoutTotals,
  choiceKey,
  MerchantFulfillment,
  methodsForAll,
  missingMethodNotes,
  PaymentOption,
} from "./checkout-choices";
import { DepartmentMunicipalityFields } from "../forms/department-municipality-fields";
import { fieldA11y, FormField } from "../forms/form-field";
import { PhoneField } from "../forms/phone-field";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { WhatsAppConsent } from "./whatsapp-consent";
import {
  ADDRESS_FIELDS,
  anyDelivery,
  type CheckoutFormData,
  checkoutResolver,
  FIELD_NAMES,
  type FormValues,
} from "./checkout-resolver";

export interface CheckoutFormProps {
  /** The cart being ordered (sent as `sessionId`). */
  sessionId: string;
  /** 'Tarjeta (Wompi)' is offered only when card payment is configured. */
  cardAvailable: boolean;
  /** Each merchant of the cart, in the cart's order (GET /api/checkout/options). */
  merchants: readonly CheckoutMerchantOptionDto[];
  /** Issue 35: the options said `whatsappNotices: true`, so the consent box is offered. */
  whatsappNotices?: boolean;
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
  whatsappNotices = false,
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
  const resolver = useMemo(
    () => checkoutResolver(merchants, whatsappNotices),
    [merchants, whatsappNotices],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, dirtyFields },
  } = useForm<FormValues, unknown, CheckoutFormData>({
    resolver,
    defaultValues: {
      customerName: "",
      customerEmail: "",
      customerPhone: "",
      note: "",
      paymentMethod: defaultMethod(offered),
      choices: Object.fromEntries(merchants.map((m) => [choiceKey(m.id), ""])),
      deliveryAddress: {
        department: "",
        municipality: "",
        district: "",
        address: "",
        reference: "",
      },
      whatsappNotices: false,
      whatsappNumber: "",
    },
  });

  // Once the WhatsApp box is ticked its number is the phone typed above, until edited itself.
  const wantsWhatsApp = whatsappNotices && watch("whatsappNotices");
  const phone = watch("customerPhone");
  const whatsappEdited = Boolean(dirtyFields.whatsappNumber);
  useEffect(() => {
    if (wantsWhatsApp && !whatsappEdited) setValue("whatsappNumber", phone);
  }, [wantsWhatsApp, whatsappEdited, phone, setValue]);

  // 'Entrega en mi zona' already told us where the shopper is: start the address there.
  useEffect(() => {
    const chosen = readChosenPlace();
    if (chosen && getValues("deliveryAddress.municipality") === "") {
      setValue("deliveryAddress.department", chosen.department);
      setValue("deliveryAddress.municipality", chosen.municipality);
      if (chosen.kind === "district") setValue("deliveryAddress.district", chosen.district);
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
  const district = watch("deliveryAddress.district");
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
            district={district}
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
                  <Controller
                    control={control}
                    name="deliveryAddress.district"
                    render={({ field: inDistrict }) => (
                      <DepartmentMunicipalityFields
                        department={department.value}
                        municipality={place.value}
                        district={inDistrict.value}
                        onDepartmentChange={department.onChange}
                        onMunicipalityChange={place.onChange}
                        onDistrictChange={inDistrict.onChange}
                        onBlur={department.onBlur}
                        departmentError={addressErrors?.department?.message}
                        municipalityError={addressErrors?.municipality?.message}
                        districtError={addressErrors?.district?.message}
                        disabled={busy}
                      />
                    )}
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
        {whatsappNotices && (
          <WhatsAppConsent
            id={id}
            checked={wantsWhatsApp}
            checkbox={register("whatsappNotices")}
            number={register("whatsappNumber")}
            consentError={errors.whatsappNotices?.message}
            numberError={errors.whatsappNumber?.message}
          />
        )}
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

      <CheckoutTotals
        merchants={merchants}
        choices={choices}
        address={delivery && municipality ? { municipality, district } : null}
      />

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
