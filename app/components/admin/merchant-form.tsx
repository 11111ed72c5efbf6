import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, type DefaultValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { AdminMerchantDto, CategoryDto } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import {
  DEFAULT_REGISTRATION_HOURS,
  parseSchedule,
  scheduleToJson,
  WEEKDAYS,
} from "../../../shared/schedule";
import {
  type AdminMerchant,
  type AdminMerchantInput,
  adminMerchantFormSchema,
  adminMerchantUpdateFormSchema,
  normalizeAdminMerchant,
} from "../../../shared/schemas/admin-merchant";
import { merchantSlug } from "../../../shared/slug";
import type { MerchantPayload } from "../../lib/admin-api";
import { ApiError } from "../../lib/api";
import { CategorySelect } from "../category-select";
import {
  DeliveryFields,
  deliveryPayload,
  EMPTY_DELIVERY,
  type DeliveryValue,
} from "../delivery-fields";
import { DepartmentMunicipalityController } from "../department-municipality-controller";
import { fieldA11y, FormField } from "../form-field";
import { HoursEditor, type WeekHours } from "../hours-editor";
import { PhoneField } from "../phone-field";
import { SocialFields } from "../social-fields";
import { Button } from "../ui/button";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { ImageUpload, type ImageUploadProps } from "./image-upload";
import { SwitchField } from "./switch-field";

type FormValues = AdminMerchantInput;

export interface MerchantFormProps {
  /** 'create' adds the 'Publicar inmediatamente' switch and sends a slug; 'edit' sends neither. */
  mode: "create" | "edit";
  merchant?: AdminMerchantDto;
  categories: CategoryDto[];
  /** Sends the payload; a rejected ApiError's field errors are shown next to their fields. */
  onSubmit: (payload: MerchantPayload) => Promise<unknown>;
  onCancel: () => void;
}

/** The merchant's hours for the editor: every weekday, missing ones closed. */
function initialHours(merchant?: AdminMerchantDto): { hours: WeekHours; unreadable: boolean } {
  if (!merchant) return { hours: DEFAULT_REGISTRATION_HOURS, unreadable: false };
  const week = parseSchedule(merchant.schedule);
  if (!week) return { hours: DEFAULT_REGISTRATION_HOURS, unreadable: true };
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => [day, week[day] ?? { closed: true }]),
  ) as WeekHours;
  return { hours, unreadable: false };
}

function toFormValues(hours: WeekHours, m?: AdminMerchantDto): DefaultValues<FormValues> {
  return {
    name: m?.name ?? "",
    description: m?.description ?? "",
    categoryId: m ? String(m.categoryId) : "",
    email: m?.email ?? "",
    phone: m?.phone ?? "",
    whatsapp: m?.whatsapp ?? "",
    address: m?.address ?? "",
    department: m?.department && isDepartment(m.department) ? m.department : undefined,
    municipality: m?.municipality ?? "",
    website: m?.website ?? "",
    facebook: m?.facebook ?? "",
    instagram: m?.instagram ?? "",
    tiktok: m?.tiktok ?? "",
    linkedin: m?.linkedin ?? "",
    schedule: scheduleToJson(hours),
    isActive: m?.isActive ?? true,
    imageUrl: m?.imageUrl ?? "",
    logoUrl: m?.logoUrl ?? "",
    approved: true,
  };
}

/** 'Registrar Nuevo Comercio' and 'Editar Comercio' (spec §2, §5): one form, the shared schemas. */
/** The merchant's delivery settings for the editor (issue 12); nothing chosen when new. */
function initialDelivery(merchant?: AdminMerchantDto): DeliveryValue {
  if (!merchant?.fulfillment) return EMPTY_DELIVERY;
  return {
    fulfillment: merchant.fulfillment,
    deliveryArea: merchant.deliveryArea,
    deliveryMunicipalities: merchant.deliveryMunicipalities,
    deliveryNote: merchant.deliveryNote ?? "",
  };
}

export function MerchantForm({
  mode,
  merchant,
  categories,
  onSubmit,
  onCancel,
}: MerchantFormProps) {
  const id = useId();
  const [{ hours: startHours, unreadable }] = useState(() => initialHours(merchant));
  const [hours, setHours] = useState<WeekHours>(startHours);
  const [uploads, setUploads] = useState(0);
  const [delivery, setDelivery] = useState<DeliveryValue>(() => initialDelivery(merchant));
  const [deliveryErrors, setDeliveryErrors] = useState<
    Partial<Record<keyof DeliveryValue, string>>
  >({});
  const schema = mode === "create" ? adminMerchantFormSchema : adminMerchantUpdateFormSchema;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, AdminMerchant>({
    resolver: zodResolver(schema) as Resolver<FormValues, unknown, AdminMerchant>,
    defaultValues: toFormValues(startHours, merchant),
  });

  const onValid = async (data: AdminMerchant) => {
    const { slug: _slug, approved, ...fields } = normalizeAdminMerchant(data);
    const payload: MerchantPayload = {
      ...fields,
      schedule: scheduleToJson(hours),
      ...deliveryPayload(delivery),
    };
    if (mode === "create") {
      payload.slug = merchantSlug(data.name);
      payload.approved = approved ?? true;
    }
    try {
      await onSubmit(payload);
    } catch (error) {
      // The server checks with the same schema; its messages go back next to their fields.
      if (error instanceof ApiError) {
        const fromServer: Partial<Record<keyof DeliveryValue, string>> = {};
        for (const issue of error.body?.errors ?? []) {
          const field = issue.path.split(".")[0]!;
          if (field in EMPTY_DELIVERY) {
            fromServer[field as keyof DeliveryValue] = issue.message;
          } else {
            setError(field as Path<FormValues>, { type: "server", message: issue.message });
          }
        }
        setDeliveryErrors(fromServer);
      }
    }
  };

  const err = (field: keyof FormValues) => errors[field]?.message;
  const text = (field: keyof FormValues, required = false) => ({
    ...fieldA11y(`${id}-${field}`, err(field), required),
    ...register(field),
  });
  const trackUpload = (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1));
  const busy = isSubmitting || uploads > 0;
  const name = watch("name") ?? "";

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
          />
          <FieldError>{err(field)}</FieldError>
        </div>
      )}
    />
  );
  const switchField = (field: "isActive" | "approved", label: string, description: string) => (
    <Controller
      control={control}
      name={field}
      render={({ field: { value, onChange } }) => (
        <SwitchField
          label={label}
          description={description}
          checked={value ?? true}
          onCheckedChange={onChange}
          disabled={isSubmitting}
        />
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      className="flex flex-col gap-6"
      aria-label={mode === "create" ? "Registrar nuevo comercio" : "Editar comercio"}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Información del comercio</legend>
        <FormField
          id={`${id}-name`}
          label="Nombre"
          required
          error={err("name")}
          hint={
            mode === "create" && name.trim()
              ? `Página pública: /merchants/${merchantSlug(name)}`
              : undefined
          }
        >
          <Input autoComplete="off" {...text("name", true)} />
        </FormField>
        <FormField id={`${id}-categoryId`} label="Categoría" required error={err("categoryId")}>
          <CategorySelect categories={categories} {...text("categoryId", true)} />
        </FormField>
        <FormField
          id={`${id}-description`}
          label="Descripción"
          required
          error={err("description")}
          className="sm:col-span-2"
        >
          <Textarea rows={3} {...text("description", true)} />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Contacto</legend>
        <FormField id={`${id}-email`} label="Correo electrónico" required error={err("email")}>
          <Input type="email" autoComplete="off" {...text("email", true)} />
        </FormField>
        <PhoneField
          control={control}
          name="phone"
          id={`${id}-phone`}
          label="Teléfono"
          required
          error={err("phone")}
          autoComplete="off"
        />
        <PhoneField
          control={control}
          name="whatsapp"
          id={`${id}-whatsapp`}
          label="WhatsApp"
          error={err("whatsapp")}
          autoComplete="off"
        />
        <FormField id={`${id}-website`} label="Sitio web" error={err("website")}>
          <Input type="url" inputMode="url" placeholder="www.mitienda.com" {...text("website")} />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4" disabled={isSubmitting}>
        <legend className="mb-2 font-semibold text-stone-900">Ubicación</legend>
        <FormField id={`${id}-address`} label="Dirección" required error={err("address")}>
          <Input autoComplete="off" {...text("address", true)} />
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

      <DeliveryFields
        value={delivery}
        onChange={setDelivery}
        errors={deliveryErrors}
        disabled={isSubmitting}
      />

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

      <div className="grid gap-4 rounded-md border border-stone-200 p-4">
        {switchField(
          "isActive",
          "Comercio activo",
          "Un comercio inactivo no se muestra al público.",
        )}
        {mode === "create" &&
          switchField(
            "approved",
            "Publicar inmediatamente",
            "Si está apagado, el comercio queda en Solicitudes pendientes.",
          )}
      </div>

      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          Revisa los campos marcados.
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {mode === "create"
            ? isSubmitting
              ? "Registrando..."
              : "Registrar comercio"
            : isSubmitting
              ? "Guardando..."
              : "Guardar cambios"}
        </Button>
      </div>
    </form>
  );
}
