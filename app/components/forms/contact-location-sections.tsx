import type { ComponentProps } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { DepartmentMunicipalityController } from "./department-municipality-controller";
import { FormField, FormSection } from "./form-field";
import { PhoneField } from "./phone-field";
import { Input } from "../ui/input";

/** The contact and place fields of a merchant's form (MerchantProfileSections' too). */
export type ContactAndPlace = {
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
