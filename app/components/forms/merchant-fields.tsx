import {
  type ComponentProps,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useState,
} from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { z } from "zod";
import { parsePrice } from "../../../shared/money";
import {
  ACCOUNT_TYPES,
  type AccountType,
  DEFAULT_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_ORDER,
  type PaymentMethod,
} from "../../../shared/order-life";
import {
  ACCOUNT_TYPE_MESSAGE,
  BANK_FIELD_MAX,
  BANK_FIELD_MESSAGE,
  merchantPaymentFields,
} from "../../../shared/schemas/order-life";
import { MerchantImageFields } from "../admin/merchant-image-fields";
import {
  type DeliveryErrors,
  DeliveryFields,
  deliveryPayload,
  type DeliveryValue,
  splitServerErrors,
  storedDelivery,
} from "./delivery-fields";
import { DepartmentMunicipalityController } from "./department-municipality-controller";
import { FormField, FormSection } from "./form-field";
import { ScheduleField, storedHours, type WeekHours, writeSchedule } from "./hours-editor";
import { PhoneField } from "./phone-field";
import { type SocialNetwork, SocialFields } from "./social-fields";
import { Input } from "../ui/input";
import { FieldError } from "../ui/field-error";
import { NativeSelect } from "../ui/native-select";

type ContactAndPlace = {
  email?: string;
  phone?: string;
  whatsapp?: string | null;
  website?: string | null;
  address?: string;
  department?: string | null;
  municipality?: string | null;
  district?: string | null;
};
type Field = keyof ContactAndPlace;

interface SectionProps<T extends FieldValues & ContactAndPlace, TOut> {
  control: Control<T, unknown, TOut>;
  /** Prefix of the inputs' ids: `${id}-email`… */
  id: string;
  error: (field: Field) => string | undefined;
  /** The form's props for a text input (a11y and register). */
  inputProps: (
    field: "email" | "website" | "address",
    required?: boolean,
  ) => ComponentProps<"input">;
  disabled?: boolean;
  /**
   * The merchant fills in its own data (the portal): the browser may suggest its email and
   * address. An administrator types another's, so nothing is suggested.
   */
  own?: boolean;
}

/** 'Contacto' of the admin and portal merchant forms: email, phone, WhatsApp and website. */
export function MerchantContactSection<T extends FieldValues & ContactAndPlace, TOut = T>({
  control,
  id,
  error,
  inputProps,
  disabled,
  own = false,
}: SectionProps<T, TOut>) {
  return (
    <FormSection legend="Contacto" columns={2} disabled={disabled}>
      <FormField id={`${id}-email`} label="Correo electrónico" required error={error("email")}>
        <Input type="email" autoComplete={own ? "email" : "off"} {...inputProps("email", true)} />
      </FormField>
      <PhoneField
        control={control}
        name={"phone" as FieldPath<T>}
        id={`${id}-phone`}
        label="Teléfono"
        required
        error={error("phone")}
        autoComplete={own ? undefined : "off"}
      />
      <PhoneField
        control={control}
        name={"whatsapp" as FieldPath<T>}
        id={`${id}-whatsapp`}
        label="WhatsApp"
        error={error("whatsapp")}
        autoComplete={own ? undefined : "off"}
      />
      <FormField id={`${id}-website`} label="Sitio web" error={error("website")}>
        <Input
          type="url"
          inputMode="url"
          placeholder="www.mitienda.com"
          {...inputProps("website")}
        />
      </FormField>
    </FormSection>
  );
}

/** 'Ubicación' of the admin and portal merchant forms: address, department and municipality. */
export function MerchantLocationSection<T extends FieldValues & ContactAndPlace, TOut = T>({
  control,
  id,
  error,
  inputProps,
  disabled,
  own = false,
}: SectionProps<T, TOut>) {
  return (
    <FormSection legend="Ubicación" disabled={disabled}>
      <FormField id={`${id}-address`} label="Dirección" required error={error("address")}>
        <Input autoComplete={own ? "street-address" : "off"} {...inputProps("address", true)} />
      </FormField>
      <DepartmentMunicipalityController
        control={control}
        departmentError={error("department")}
        municipalityError={error("municipality")}
        districtError={error("district")}
      />
    </FormSection>
  );
}

// ---------------------------------------------------------------- fee and payment (issue 25)

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

type PaymentField = keyof PaymentValue;
export type PaymentErrors = Partial<Record<PaymentField, string>>;

const BANK_TEXT_FIELDS = ["bankName", "accountHolder", "accountNumber"] as const;
const PAYMENT_FIELDS: readonly PaymentField[] = [
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

const BANK_INPUTS = {
  bankName: { label: "Banco", placeholder: "Banco Agrícola" },
  accountHolder: { label: "Titular de la cuenta", placeholder: undefined },
  accountNumber: { label: "Número de cuenta", placeholder: undefined },
} as const;

/**
 * 'Envío y pagos' (issue 25): the delivery fee ('Envío por coordinar' when empty), from
 * which amount delivery is free, the payment methods the merchant accepts and, when it
 * accepts transfers, where they go. Controlled, like the delivery fields.
 */
export function PaymentFields({
  value,
  onChange,
  errors = {},
  disabled = false,
  delivers = true,
  focusField = null,
  onFocused,
}: {
  value: PaymentValue;
  onChange: (next: PaymentValue) => void;
  errors?: PaymentErrors;
  disabled?: boolean;
  /** False when the merchant only offers pickup: no fee to ask for. */
  delivers?: boolean;
  /** A wrong field to focus once the form is enabled again (after a check). */
  focusField?: PaymentField | null;
  onFocused?: () => void;
}) {
  const id = useId();
  const set = (patch: Partial<PaymentValue>) => onChange({ ...value, ...patch });
  useEffect(() => {
    if (!focusField || disabled) return;
    document.getElementById(`${id}-${focusField}`)?.focus();
    onFocused?.();
  }, [focusField, disabled, id, onFocused]);
  const a11y = (field: PaymentField, hint = false) => ({
    id: `${id}-${field}`,
    "aria-invalid": errors[field] ? (true as const) : undefined,
    "aria-describedby": errors[field]
      ? `${id}-${field}-error`
      : hint
        ? `${id}-${field}-hint`
        : undefined,
  });
  const toggle = (method: PaymentMethod, checked: boolean) =>
    set({
      paymentMethods: PAYMENT_METHOD_ORDER.filter((m) =>
        m === method ? checked : value.paymentMethods.includes(m),
      ),
    });
  const transfers = value.paymentMethods.includes("transfer");

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-lg font-semibold text-stone-900">Envío y pagos</legend>
      {delivers && (
        <>
          <FormField
            id={`${id}-deliveryFee`}
            label="Costo de envío (USD)"
            error={errors.deliveryFee}
            hint="Vacío: 'Envío por coordinar' con el cliente. 0: envío gratis."
          >
            <Input
              {...a11y("deliveryFee", true)}
              inputMode="decimal"
              autoComplete="off"
              placeholder="2.50"
              value={value.deliveryFee}
              onChange={(event) => set({ deliveryFee: event.currentTarget.value })}
            />
          </FormField>
          <FormField
            id={`${id}-freeDeliveryFrom`}
            label="Envío gratis desde (USD)"
            error={errors.freeDeliveryFrom}
            hint="Opcional: las compras desde este monto no pagan envío."
          >
            <Input
              {...a11y("freeDeliveryFrom", true)}
              inputMode="decimal"
              autoComplete="off"
              placeholder="25.00"
              value={value.freeDeliveryFrom}
              onChange={(event) => set({ freeDeliveryFrom: event.currentTarget.value })}
            />
          </FormField>
        </>
      )}
      <fieldset
        className="grid gap-1 sm:col-span-2"
        aria-describedby={errors.paymentMethods ? `${id}-paymentMethods-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-stone-900">
          Medios de pago que aceptas
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        {PAYMENT_METHOD_ORDER.map((method, index) => (
          <label key={method} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              // The first box is where a 'choose one' message sends the focus.
              id={index === 0 ? `${id}-paymentMethods` : undefined}
              type="checkbox"
              name="paymentMethods"
              value={method}
              checked={value.paymentMethods.includes(method)}
              aria-invalid={errors.paymentMethods ? true : undefined}
              onChange={(event) => toggle(method, event.currentTarget.checked)}
              className="size-5 accent-brand-700"
            />
            {PAYMENT_METHOD_LABELS[method]}
          </label>
        ))}
        <FieldError id={`${id}-paymentMethods-error`}>{errors.paymentMethods}</FieldError>
      </fieldset>
      {transfers && (
        <fieldset className="grid gap-4 rounded-md border border-stone-200 p-3 sm:col-span-2 sm:grid-cols-2 sm:p-4">
          <legend className="px-1 text-sm font-medium text-stone-900">
            Datos bancarios para transferencias
          </legend>
          <p className="text-xs text-stone-600 sm:col-span-2">
            Solo los ve el cliente en la página de un pedido que paga por transferencia.
          </p>
          {BANK_TEXT_FIELDS.map((field) => (
            <FormField
              key={field}
              id={`${id}-${field}`}
              label={BANK_INPUTS[field].label}
              required
              error={errors[field]}
            >
              <Input
                {...a11y(field)}
                aria-required
                maxLength={BANK_FIELD_MAX}
                autoComplete="off"
                placeholder={BANK_INPUTS[field].placeholder}
                inputMode={field === "accountNumber" ? "numeric" : undefined}
                value={value[field]}
                onChange={(event) => set({ [field]: event.currentTarget.value })}
              />
            </FormField>
          ))}
          <FormField
            id={`${id}-accountType`}
            label="Tipo de cuenta"
            required
            error={errors.accountType}
          >
            <NativeSelect
              {...a11y("accountType")}
              aria-required
              value={value.accountType}
              onChange={(event) =>
                set({ accountType: event.currentTarget.value as AccountType | "" })
              }
            >
              <option value="">Elige el tipo de cuenta</option>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </fieldset>
      )}
    </fieldset>
  );
}

type Profile = ContactAndPlace & {
  schedule?: string;
  imageUrl?: string | null;
  logoUrl?: string | null;
} & { [N in SocialNetwork]?: string | null };

const NETWORKS = ["facebook", "instagram", "tiktok", "linkedin"] as const;

/**
 * The stored profile of a merchant as the admin's and the merchant's own forms edit it
 * (spec §2, issue 11/12): contact, location, hours, delivery, social profiles and images.
 * `afterSchedule` goes between the hours and the delivery (the portal's closures).
 */
export function MerchantProfileSections<T extends FieldValues & Profile, TOut = T>({
  control,
  id,
  error,
  inputProps,
  disabled,
  own = false,
  startHours,
  unreadable,
  delivery,
  onDeliveryChange,
  deliveryErrors,
  payment,
  onPaymentChange,
  paymentErrors,
  paymentFocus,
  onPaymentFocused,
  onUploadingChange,
  afterSchedule,
}: {
  control: Control<T, unknown, TOut>;
  id: string;
  error: (field: keyof Profile) => string | undefined;
  inputProps: (
    field: "email" | "website" | "address" | SocialNetwork,
    required?: boolean,
  ) => ComponentProps<"input">;
  disabled?: boolean;
  own?: boolean;
  startHours: WeekHours;
  unreadable: boolean;
  delivery: DeliveryValue;
  onDeliveryChange: (next: DeliveryValue) => void;
  deliveryErrors: DeliveryErrors;
  payment: PaymentValue;
  onPaymentChange: (next: PaymentValue) => void;
  paymentErrors: PaymentErrors;
  paymentFocus?: PaymentField | null;
  onPaymentFocused?: () => void;
  onUploadingChange: (uploading: boolean) => void;
  afterSchedule?: ReactNode;
}) {
  const fields = { control, id, error, inputProps, disabled, own };
  return (
    <>
      <MerchantContactSection {...fields} />
      <MerchantLocationSection {...fields} />
      <ScheduleField
        control={control}
        format="json"
        startHours={startHours}
        errorId={`${id}-schedule-error`}
        error={error("schedule")}
        unreadable={unreadable}
        disabled={disabled}
      />
      {afterSchedule}
      <DeliveryFields
        value={delivery}
        onChange={onDeliveryChange}
        errors={deliveryErrors}
        disabled={disabled}
      />
      <PaymentFields
        value={payment}
        onChange={onPaymentChange}
        errors={paymentErrors}
        disabled={disabled}
        delivers={delivery.fulfillment !== "pickup"}
        focusField={paymentFocus}
        onFocused={onPaymentFocused}
      />
      <FormSection legend="Redes sociales" columns={2} disabled={disabled}>
        <SocialFields networks={NETWORKS} id={id} error={error} inputProps={inputProps} />
      </FormSection>
      <MerchantImageFields
        control={control}
        errors={{ imageUrl: error("imageUrl"), logoUrl: error("logoUrl") }}
        onUploadingChange={onUploadingChange}
        disabled={disabled}
      />
    </>
  );
}

/**
 * What MerchantProfileSections keeps beside the form: the stored hours, delivery and payment
 * settings to start from (`fallbackHours` when the stored schedule is unreadable), the
 * delivery and payment fields' messages and the uploads in progress. `sections` goes to
 * MerchantProfileSections.
 */
export function useProfileSections(
  stored: (Parameters<typeof storedDelivery>[0] & { schedule: string } & StoredPayment) | undefined,
  fallbackHours?: WeekHours,
) {
  const [{ hours: startHours, unreadable }] = useState(() =>
    storedHours(stored?.schedule, fallbackHours),
  );
  const [uploads, setUploads] = useState(0);
  const [delivery, setDelivery] = useState<DeliveryValue>(() => storedDelivery(stored));
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  const [payment, setPayment] = useState<PaymentValue>(() => storedPayment(stored));
  const [paymentErrors, setPaymentErrors] = useState<PaymentErrors>({});
  const [paymentFocus, setPaymentFocus] = useState<PaymentField | null>(null);
  const onPaymentFocused = useCallback(() => setPaymentFocus(null), []);
  return {
    /** The form's `schedule` to start with (the admin and portal forms write JSON). */
    schedule: writeSchedule(startHours, "json"),
    uploading: uploads > 0,
    /** The delivery fields of the body to send. */
    deliveryBody: () => deliveryPayload(delivery),
    /** The fee and payment fields of the body to send. */
    paymentBody: () => paymentPayload(payment),
    /**
     * Checks the payment fields before sending and shows their messages; false when one is
     * wrong (then, with `focus`, its first wrong field gets the focus once the form is
     * enabled again).
     */
    checkPayment: (focus = true) => {
      const found = checkPaymentValue(payment);
      setPaymentErrors(found);
      const first = PAYMENT_FIELDS.find((field) => found[field]);
      if (first && focus) setPaymentFocus(first);
      return first === undefined;
    },
    /** The delivery or payment fields show a message. */
    hasSectionErrors:
      Object.values(deliveryErrors).some(Boolean) || Object.values(paymentErrors).some(Boolean),
    /** Shows the delivery and payment fields' messages of a rejected request; the others are the form's. */
    takeServerErrors: (error: unknown) => {
      const split = splitServerErrors(error);
      setDeliveryErrors(split.delivery);
      const own: PaymentErrors = {};
      const others = split.others.filter(({ field, message }) => {
        if (!(PAYMENT_FIELDS as readonly string[]).includes(field)) return true;
        own[field as PaymentField] ??= message;
        return false;
      });
      setPaymentErrors(own);
      return others;
    },
    sections: {
      startHours,
      unreadable,
      delivery,
      onDeliveryChange: setDelivery,
      deliveryErrors,
      payment,
      onPaymentChange: (next: PaymentValue) => {
        // A field changed loses its message; the others keep theirs until the next check.
        setPaymentErrors((current) => {
          const kept: PaymentErrors = { ...current };
          for (const field of PAYMENT_FIELDS) {
            if (next[field] !== payment[field]) delete kept[field];
          }
          if (!next.paymentMethods.includes("transfer")) {
            for (const field of [...BANK_TEXT_FIELDS, "accountType" as const]) delete kept[field];
          }
          return kept;
        });
        setPayment(next);
      },
      paymentErrors,
      paymentFocus,
      onPaymentFocused,
      onUploadingChange: (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1)),
    },
  };
}
