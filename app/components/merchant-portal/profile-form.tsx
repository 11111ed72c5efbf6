import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, type DefaultValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { MerchantDto, SpecialDate } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import { svMoment } from "../../../shared/open-now";
import { parseSchedule, scheduleToJson, WEEKDAYS } from "../../../shared/schedule";
import {
  type MerchantProfile,
  type MerchantProfileInput,
  merchantProfileSchema,
} from "../../../shared/merchant-portal";
import { emptyToNull, locationRequired } from "../../../shared/schemas/fields";
import { normalizeContact } from "../../../shared/schemas/merchant-registration";
import { linkedinUrl } from "../../../shared/social";
import type { ProfilePayload } from "../../lib/merchant-api";
import { ApiError } from "../../lib/api";
import { ImageUpload, type ImageUploadProps } from "../admin/image-upload";
import { SwitchField } from "../admin/switch-field";
import { DepartmentMunicipalityController } from "../department-municipality-controller";
import { fieldA11y, FormField } from "../form-field";
import { HoursEditor, type WeekHours } from "../hours-editor";
import { PhoneField } from "../phone-field";
import { SocialFields } from "../social-fields";
import { Button } from "../ui/button";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { SpecialDatesEditor } from "./special-dates-editor";
type FormValues = MerchantProfileInput;

/** The API's rules; the form also asks for department and municipality, like the registration. */
const profileFormSchema = merchantProfileSchema.superRefine(...locationRequired);

const CLOSED_WEEK = Object.fromEntries(WEEKDAYS.map((day) => [day, { closed: true }])) as WeekHours;

/** The stored hours for the editor: every weekday, missing ones closed. */
function initialHours(merchant: MerchantDto): { hours: WeekHours; unreadable: boolean } {
  const week = parseSchedule(merchant.schedule);
  if (!week) return { hours: CLOSED_WEEK, unreadable: true };
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => [day, week[day] ?? { closed: true }]),
  ) as WeekHours;
  return { hours, unreadable: false };
}

function toFormValues(hours: WeekHours, m: MerchantDto): DefaultValues<FormValues> {
  return {
    description: m.description,
    email: m.email,
    phone: m.phone,
    whatsapp: m.whatsapp ?? "",
    address: m.address,
    department: m.department && isDepartment(m.department) ? m.department : undefined,
    municipality: m.municipality ?? "",
    website: m.website ?? "",
    facebook: m.facebook ?? "",
    instagram: m.instagram ?? "",
    tiktok: m.tiktok ?? "",
    linkedin: m.linkedin ?? "",
    schedule: scheduleToJson(hours),
    imageUrl: m.imageUrl ?? "",
    logoUrl: m.logoUrl ?? "",
  };
}

export interface ProfileFormProps {
  merchant: MerchantDto;
  /** Sends the payload; a rejected ApiError's field errors are shown next to their fields. */
  onSubmit: (payload: ProfilePayload) => Promise<unknown>;
}

/**
 * 'Mi comercio': the merchant's own profile, built from the registration's and the admin's
 * fields (same schema rules, same hours editor). Name and public address are shown, not edited.
 */
export function ProfileForm({ merchant, onSubmit }: ProfileFormProps) {
  const id = useId();
  const [{ hours: startHours, unreadable }] = useState(() => initialHours(merchant));
  const [hours, setHours] = useState<WeekHours>(startHours);
  const [uploads, setUploads] = useState(0);
  // Issue 12's closure controls: not fields of the profile schema, sent alongside it.
  const [temporarilyClosed, setTemporarilyClosed] = useState(merchant.temporarilyClosed);
  const [specialDates, setSpecialDates] = useState<SpecialDate[]>(merchant.specialDates);
  const [specialDatesError, setSpecialDatesError] = useState<string>();
  const [today] = useState(() => svMoment(new Date()).date);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, MerchantProfile>({
    resolver: zodResolver(profileFormSchema) as Resolver<FormValues, unknown, MerchantProfile>,
    defaultValues: toFormValues(startHours, merchant),
  });

  const onValid = async (data: MerchantProfile) => {
    // The registration's submit transforms (spec §5), then LinkedIn and the images.
    const payload: ProfilePayload = {
      ...normalizeContact(data),
      linkedin: data.linkedin ? linkedinUrl(data.linkedin) : null,
      imageUrl: emptyToNull(data.imageUrl),
      logoUrl: emptyToNull(data.logoUrl),
      schedule: scheduleToJson(hours),
      temporarilyClosed,
      specialDates,
    };
    setSpecialDatesError(undefined);
    try {
      await onSubmit(payload);
    } catch (error) {
      // The server checks with the same rules; its messages go back next to their fields.
      if (error instanceof ApiError) {
        for (const issue of error.body?.errors ?? []) {
          const field = issue.path.split(".")[0];
          if (field === "specialDates") setSpecialDatesError(issue.message);
          else setError(field as Path<FormValues>, { type: "server", message: issue.message });
        }
      }
    }
  };

  const err = (field: keyof FormValues) => errors[field]?.message;
  const text = (field: keyof FormValues, required = false) => ({
    ...fieldA11y(`${id}-${field}`, err(field), required),
    ...register(field),
  });
  const trackUpload = (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1));

  const imageField = (
    field: "imageUrl" | "logoUrl",
    upload: Pick<ImageUploadProps, "label" | "kind" | "shape">,
  ) => (
    <Controller
      control={control}
      name={field}
      render={({ field: { value, onChange } }) => (
        <div>
          <ImageUpload
            {...upload}
            value={value || null}
            onChange={(url) => onChange(url ?? "")}
            onUploadingChange={trackUpload}
            disabled={isSubmitting}
          />
          <FieldError>{err(field)}</FieldError>
        </div>
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
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

      <fieldset className="grid gap-4" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Información del comercio</legend>
        <FormField id={`${id}-description`} label="Descripción" required error={err("description")}>
          <Textarea rows={4} {...text("description", true)} />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Contacto</legend>
        <FormField id={`${id}-email`} label="Correo electrónico" required error={err("email")}>
          <Input type="email" autoComplete="email" {...text("email", true)} />
        </FormField>
        <PhoneField
          control={control}
          name="phone"
          id={`${id}-phone`}
          label="Teléfono"
          required
          error={err("phone")}
        />
        <PhoneField
          control={control}
          name="whatsapp"
          id={`${id}-whatsapp`}
          label="WhatsApp"
          error={err("whatsapp")}
        />
        <FormField id={`${id}-website`} label="Sitio web" error={err("website")}>
          <Input type="url" inputMode="url" placeholder="www.mitienda.com" {...text("website")} />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Ubicación</legend>
        <FormField id={`${id}-address`} label="Dirección" required error={err("address")}>
          <Input autoComplete="street-address" {...text("address", true)} />
        </FormField>
        <DepartmentMunicipalityController
          control={control}
          departmentError={err("department")}
          municipalityError={err("municipality")}
        />
      </fieldset>

      <div>
        {unreadable && (
          <p className="mb-2 rounded-md bg-maiz-100 p-2 text-sm text-amber-900">
            El horario guardado no se pudo leer; revisa el horario antes de guardar.
          </p>
        )}
        <HoursEditor
          value={hours}
          disabled={isSubmitting}
          onChange={(next) => {
            setHours(next);
            setValue("schedule", scheduleToJson(next), {
              shouldValidate: Boolean(errors.schedule),
            });
          }}
        />
        <FieldError id={`${id}-schedule-error`}>{err("schedule")}</FieldError>
      </div>

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

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Redes sociales</legend>
        <SocialFields
          networks={["facebook", "instagram", "tiktok", "linkedin"]}
          id={id}
          error={err}
          inputProps={text}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Imágenes</legend>
        {imageField("imageUrl", { label: "Imagen del comercio", kind: "merchantImage" })}
        {imageField("logoUrl", { label: "Logo", kind: "merchantLogo", shape: "square" })}
      </fieldset>

      {(Object.keys(errors).length > 0 || specialDatesError) && (
        <p role="alert" className="text-sm text-red-700">
          Revisa los campos marcados.
        </p>
      )}

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || uploads > 0} className="w-full sm:w-auto">
          {isSubmitting ? "Guardando..." : "Guardar cambios"}
        </Button>
      </div>
    </form>
  );
}
