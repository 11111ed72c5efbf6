import { useEffect, useId } from "react";
import {
  ACCOUNT_TYPES,
  type AccountType,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_ORDER,
  type PaymentMethod,
} from "../../../shared/order-life";
import { BANK_FIELD_MAX } from "../../../shared/schemas/order-life";
import { FormField } from "./form-field";
import {
  BANK_TEXT_FIELDS,
  type PaymentErrors,
  type PaymentField,
  type PaymentValue,
} from "./payment-value";
import { Input } from "../ui/input";
import { FieldError } from "../ui/field-error";
import { NativeSelect } from "../ui/native-select";

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
