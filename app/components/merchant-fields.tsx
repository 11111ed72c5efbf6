import { type ComponentProps, type ReactNode, useState } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { MerchantImageFields } from "./admin/merchant-image-fields";
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
import { Input } from "./ui/input";

type ContactAndPlace = {
  email?: string;
  phone?: string;
  whatsapp?: string | null;
  website?: string | null;
  address?: string;
  department?: string | null;
  municipality?: string | null;
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
      />
    </FormSection>
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
 * What MerchantProfileSections keeps beside the form: the stored hours and delivery to start
 * from (`fallbackHours` when the stored schedule is unreadable), the delivery fields' server
 * messages and the uploads in progress. `sections` goes to MerchantProfileSections.
 */
export function useProfileSections(
  stored: (Parameters<typeof storedDelivery>[0] & { schedule: string }) | undefined,
  fallbackHours?: WeekHours,
) {
  const [{ hours: startHours, unreadable }] = useState(() =>
    storedHours(stored?.schedule, fallbackHours),
  );
  const [uploads, setUploads] = useState(0);
  const [delivery, setDelivery] = useState<DeliveryValue>(() => storedDelivery(stored));
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  return {
    /** The form's `schedule` to start with (the admin and portal forms write JSON). */
    schedule: writeSchedule(startHours, "json"),
    uploading: uploads > 0,
    /** The delivery fields of the body to send. */
    deliveryBody: () => deliveryPayload(delivery),
    /** Shows the delivery fields' messages of a rejected request; the others are the form's. */
    takeServerErrors: (error: unknown) => {
      const split = splitServerErrors(error);
      setDeliveryErrors(split.delivery);
      return split.others;
    },
    sections: {
      startHours,
      unreadable,
      delivery,
      onDeliveryChange: setDelivery,
      deliveryErrors,
      onUploadingChange: (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1)),
    },
  };
}
