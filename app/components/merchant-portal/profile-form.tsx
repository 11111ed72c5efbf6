import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { type DefaultValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { MerchantPrivateDto, SpecialDate } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import { svMoment } from "../../../shared/open-now";
import { WEEKDAYS } from "../../../shared/schedule";
import {
  type MerchantProfile,
  type MerchantProfileInput,
  merchantProfileSchema,
} from "../../../shared/merchant-portal";
import { emptyToNull, locationRequired } from "../../../shared/schemas/fields";
import { normalizeContact } from "../../../shared/schemas/merchant-registration";
import { linkedinUrl } from "../../../shared/social";
import type { ProfilePayload } from "../../lib/merchant-api";
import { SwitchField } from "../admin/switch-field";
import { fieldA11y, FormField, FormSection } from "../forms/form-field";
import type { WeekHours } from "../forms/hours-editor";
import { MerchantProfileSections, useProfileSections } from "../forms/merchant-fields";
import { Button } from "../ui/button";
import { Textarea } from "../ui/textarea";
import { SpecialDatesEditor } from "./special-dates-editor";
import { LegalIdentityFields } from "../forms/legal-identity-fields";

type FormValues = MerchantProfileInput;

/** The API's rules; the form also asks for department and municipality, like the registration. */
const profileFormSchema = merchantProfileSchema.superRefine(...locationRequired);

/** An unreadable stored schedule starts all closed: the merchant sets the real hours. */
const CLOSED_WEEK = Object.fromEntries(WEEKDAYS.map((day) => [day, { closed: true }])) as WeekHours;

function toFormValues(schedule: string, m: MerchantPrivateDto): DefaultValues<FormValues> {
  return {
    description: m.description,
    email: m.email,
    phone: m.phone,
    whatsapp: m.whatsapp ?? "",
    address: m.address,
    department: m.department && isDepartment(m.department) ? m.department : undefined,
    municipality: m.municipality ?? "",
    district: m.district ?? "",
    website: m.website ?? "",
    facebook: m.facebook ?? "",
    instagram: m.instagram ?? "",
    tiktok: m.tiktok ?? "",
    linkedin: m.linkedin ?? "",
    legalName: m.legalName ?? "",
    taxId: m.taxId ?? "",
    schedule,
    imageUrl: m.imageUrl ?? "",
    logoUrl: m.logoUrl ?? "",
  };
}

export interface ProfileFormProps {
  /** The merchant as its owner reads it: bank details included (issue 25). */
  merchant: MerchantPrivateDto;
  /** Sends the payload; a rejected ApiError's field errors are shown next to their fields. */
  onSubmit: (payload: ProfilePayload) => Promise<unknown>;
}

/**
 * 'Mi comercio': the merchant's own profile, built from the registration's and the admin's
 * fields (same schema rules, same hours editor). Name and public address are shown, not edited.
 */
export function ProfileForm({ merchant, onSubmit }: ProfileFormProps) {
  const id = useId();
  const profile = useProfileSections(merchant, CLOSED_WEEK);
  // Issue 12's closure controls: not fields of the profile schema, sent alongside it.
  const [temporarilyClosed, setTemporarilyClosed] = useState(merchant.temporarilyClosed);
  const [specialDates, setSpecialDates] = useState<SpecialDate[]>(merchant.specialDates);
  const [specialDatesError, setSpecialDatesError] = useState<string>();
  const [today] = useState(() => svMoment(new Date()).date);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, MerchantProfile>({
    resolver: zodResolver(profileFormSchema) as Resolver<FormValues, unknown, MerchantProfile>,
    defaultValues: toFormValues(profile.schedule, merchant),
  });

  const onValid = async (data: MerchantProfile) => {
    if (!profile.checkPayment()) return;
    // The registration's submit transforms (spec §5), then LinkedIn and the images.
    const payload: ProfilePayload = {
      ...normalizeContact(data),
      linkedin: data.linkedin ? linkedinUrl(data.linkedin) : null,
      imageUrl: emptyToNull(data.imageUrl),
      logoUrl: emptyToNull(data.logoUrl),
      temporarilyClosed,
      specialDates,
      ...profile.deliveryBody(),
      ...profile.paymentBody(),
    };
    setSpecialDatesError(undefined);
    try {
      await onSubmit(payload);
    } catch (error) {
      // The server checks with the same rules; its messages go back next to their fields.
      for (const { field, message } of profile.takeServerErrors(error)) {
        if (field === "specialDates") setSpecialDatesError(message);
        else setError(field as Path<FormValues>, { type: "server", message });
      }
    }
  };

  const err = (field: keyof FormValues) => errors[field]?.message;
  const text = (field: keyof FormValues, required = false) => ({
    ...fieldA11y(`${id}-${field}`, err(field), required),
    ...register(field),
  });

  return (
    <form
      noValidate
      // The payment fields live beside the form: checked too when the form's own fields fail.
      onSubmit={handleSubmit(onValid, () => profile.checkPayment(false))}
      className="flex flex-col gap-6"
      aria-label="Datos de mi comercio"
    >
      <section
        aria-label="Datos fijos"
        className="grid gap-1 rounded-md border border-stone-200 bg-stone-50 p-4 text-sm"
      >
        <p>
          <span className="text-stone-600">Nombre:</span>{" "}
          <span className="font-medium text-stone-900">{merchant.name}</span>
        </p>
        <p>
          <span className="text-stone-600">Página pública:</span>{" "}
          <span className="font-medium break-all text-stone-900">/merchants/{merchant.slug}</span>
        </p>
        <p className="text-xs text-stone-600">
          Para cambiar el nombre o la dirección de la página escribe a los administradores.
        </p>
      </section>

      <FormSection legend="Información del comercio" disabled={isSubmitting}>
        <FormField id={`${id}-description`} label="Descripción" required error={err("description")}>
          <Textarea rows={4} {...text("description", true)} />
        </FormField>
      </FormSection>

      <LegalIdentityFields id={id} error={err} inputProps={text} disabled={isSubmitting} />

      <MerchantProfileSections
        control={control}
        id={id}
        error={err}
        inputProps={text}
        disabled={isSubmitting}
        own
        {...profile.sections}
        afterSchedule={
          <div className="grid gap-4">
            <SwitchField
              className="rounded-md border border-stone-200 p-3 sm:p-4"
              label="Cerrado temporalmente"
              description="Mientras esté activo, tu página no dirá 'Abierto ahora' (vacaciones, remodelación)."
              checked={temporarilyClosed}
              onCheckedChange={setTemporarilyClosed}
              disabled={isSubmitting}
            />
            <SpecialDatesEditor
              value={specialDates}
              onChange={(next) => {
                setSpecialDates(next);
                setSpecialDatesError(undefined);
              }}
              today={today}
              error={specialDatesError}
              disabled={isSubmitting}
            />
          </div>
        }
      />

      {(Object.keys(errors).length > 0 || specialDatesError || profile.hasSectionErrors) && (
        <p role="alert" className="text-sm text-red-700">
          Revisa los campos marcados.
        </p>
      )}

      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={isSubmitting || profile.uploading}
          className="w-full sm:w-auto"
        >
          {isSubmitting ? "Guardando..." : "Guardar cambios"}
        </Button>
      </div>
    </form>
  );
}
