import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { type Path, useForm, type UseFormRegisterReturn } from "react-hook-form";
import type { CheckoutDto } from "../../shared/checkout";
import {
  checkoutSchema,
  ORDER_NOTE_MAX,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from "../../shared/schemas/checkout";
import type { z } from "zod";
import { ApiError } from "../lib/api";
import { checkoutErrorMessage, placeCheckout } from "../lib/checkout-api";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
import { fieldA11y, FormField } from "./form-field";
import { PhoneField } from "./phone-field";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Textarea } from "./ui/textarea";

// The cart id is not typed by the shopper: the page adds it when sending.
const checkoutFormSchema = checkoutSchema.omit({ sessionId: true });
type FormValues = z.input<typeof checkoutFormSchema>;
type CheckoutFormData = z.output<typeof checkoutFormSchema>;

const FIELD_NAMES = new Set<string>([
  "customerName",
  "customerEmail",
  "customerPhone",
  "note",
  "paymentMethod",
]);

export interface CheckoutFormProps {
  /** The cart being ordered (sent as `sessionId`). */
  sessionId: string;
  /** 'Pagar con tarjeta' is offered only when card payment is configured. */
  cardAvailable: boolean;
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

/** The checkout of issue 10: the shopper's data, how to pay, validated with the shared schema. */
export function CheckoutForm({
  sessionId,
  cardAvailable,
  onPlaced,
  onAttemptChange,
}: CheckoutFormProps) {
  const id = useId();
  const hydrated = useHydrated();
  // One key per attempt: a retry after a lost answer must not place the orders twice.
  const attemptKey = useRef<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, CheckoutFormData>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: {
      customerName: "",
      customerEmail: "",
      customerPhone: "",
      note: "",
      paymentMethod: cardAvailable ? "card" : "whatsapp",
    },
  });

  const send = useMutation({
    mutationFn: (data: CheckoutFormData) => {
      if (attemptKey.current === null) {
        attemptKey.current = crypto.randomUUID();
        onAttemptChange?.(true);
      }
      return placeCheckout({ ...data, sessionId }, attemptKey.current);
    },
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
        for (const issue of error.body?.errors ?? []) {
          const field = issue.path.split(".")[0];
          if (FIELD_NAMES.has(field)) {
            setError(field as Path<FormValues>, { type: "server", message: issue.message });
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
  });

  const err = (field: keyof FormValues) => errors[field]?.message;
  const a11y = (field: keyof FormValues, required = false, hint = false) =>
    fieldA11y(`${id}-${field}`, err(field), required, hint);
  const note = watch("note") ?? "";
  const method = watch("paymentMethod");
  const busy = send.isPending || send.isSuccess;

  return (
    <form
      noValidate
      aria-label="Finalizar pedido"
      className="flex flex-col gap-6"
      onSubmit={handleSubmit((data) => {
        setFormError(null);
        send.mutate(data);
      })}
    >
      <fieldset className="grid gap-4" disabled={busy}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">Tus datos</legend>
        <FormField id={`${id}-customerName`} label="Nombre" required error={err("customerName")}>
          <Input
            autoComplete="name"
            {...a11y("customerName", true)}
            {...register("customerName")}
          />
        </FormField>
        <FormField
          id={`${id}-customerEmail`}
          label="Correo electrónico"
          required
          error={err("customerEmail")}
          hint="Te enviaremos el resumen y el enlace de tu pedido."
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            {...a11y("customerEmail", true, true)}
            {...register("customerEmail")}
          />
        </FormField>
        <PhoneField
          control={control}
          name="customerPhone"
          id={`${id}-customerPhone`}
          label="Teléfono (opcional)"
          error={err("customerPhone")}
        />
        <FormField
          id={`${id}-note`}
          label="Nota para el comercio (opcional)"
          error={err("note")}
          hint={`${note.length}/${ORDER_NOTE_MAX} caracteres`}
        >
          <Textarea
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            {...a11y("note", false, true)}
            {...register("note")}
          />
        </FormField>
      </fieldset>

      <fieldset
        className="grid gap-3"
        disabled={busy}
        aria-describedby={err("paymentMethod") ? `${id}-paymentMethod-error` : undefined}
      >
        <legend className="mb-2 text-lg font-semibold text-stone-900">¿Cómo quieres pagar?</legend>
        {cardAvailable && (
          <PaymentOption
            id={`${id}-card`}
            value="card"
            checked={method === "card"}
            title={PAYMENT_METHOD_LABELS.card}
            description="Pagas el total en línea con tarjeta de crédito o débito, a través de Wompi."
            {...register("paymentMethod")}
          />
        )}
        <PaymentOption
          id={`${id}-whatsapp`}
          value="whatsapp"
          checked={method === "whatsapp"}
          title={PAYMENT_METHOD_LABELS.whatsapp}
          description="Sin pago en línea: envías tu pedido a cada comercio por WhatsApp y acuerdan el pago y la entrega."
          {...register("paymentMethod")}
        />
        {err("paymentMethod") && (
          <p id={`${id}-paymentMethod-error`} role="alert" className="text-sm text-red-700">
            {err("paymentMethod")}
          </p>
        )}
      </fieldset>

      {formError && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="checkout-error"
        >
          {formError}
        </p>
      )}

      <Button type="submit" size="lg" disabled={!hydrated || busy}>
        {busy
          ? "Enviando pedido..."
          : method === "card"
            ? "Realizar pedido y pagar"
            : "Realizar pedido"}
      </Button>
    </form>
  );
}

function PaymentOption({
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
} & UseFormRegisterReturn<"paymentMethod">) {
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer gap-3 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
        checked ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-white"
      }`}
    >
      <input
        id={id}
        type="radio"
        className="mt-1 size-4 accent-brand-700"
        aria-describedby={`${id}-description`}
        {...input}
      />
      <span>
        <span className="block font-medium text-stone-900">{title}</span>
        <span id={`${id}-description`} className="block text-sm text-stone-700">
          {description}
        </span>
      </span>
    </label>
  );
}
