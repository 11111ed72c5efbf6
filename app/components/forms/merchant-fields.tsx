import { type ComponentProps, type ReactNode, useCallback, useState } from "react";
import type { Control, FieldValues } from "react-hook-form";
import { MerchantImageFields } from "../admin/merchant-image-fields";
import {
  type ContactAndPlace,
  MerchantContactSection,
  MerchantLocationSection,
} from "./contact-location-sections";
import {
  type DeliveryErrors,
  DeliveryFields,
  deliveryPayload,
  type DeliveryValue,
  splitServerErrors,
  storedDelivery,
} from "./delivery-fields";
import { FormSection } from "./form-field";
import { ScheduleField, storedHours, type WeekHours, writeSchedule } from "./hours-editor";
import { PaymentFields } from "./payment-fields";
import {
  BANK_TEXT_FIELDS,
  checkPaymentValue,
  PAYMENT_FIELDS,
  type PaymentErrors,
  type PaymentField,
  type PaymentValue,
  paymentPayload,
  type StoredPayment,
  storedPayment,
} from "./payment-value";
import { type SocialNetwork, SocialFields } from "./social-fields";

// The sections: 'Contacto' and 'Ubicación' in contact-location-sections.tsx, 'Envío y pagos'
// in payment-fields.tsx (its values in payment-value.ts), the others in their own files.

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
