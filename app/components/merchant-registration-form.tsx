import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { Controller, type DefaultValues, type Path, useForm } from "react-hook-form";
import type { CategoryDto } from "../../shared/api-types";
import { DEFAULT_REGISTRATION_HOURS, scheduleToText } from "../../shared/schedule";
import {
  type MerchantRegistration,
  type MerchantRegistrationInput,
  merchantRegistrationSchema,
  normalizeRegistration,
} from "../../shared/schemas/merchant-registration";
import { merchantSlug } from "../../shared/slug";
import { ApiError, apiRequest } from "../lib/api";
import { toast } from "../lib/toast";
import { DepartmentMunicipalityFields } from "./department-municipality-fields";
import { HoursEditor, type WeekHours } from "./hours-editor";
import { PhoneInput } from "./phone-input";
import { Button } from "./ui/button";
import { FieldError } from "./ui/field-error";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/native-select";
import { Textarea } from "./ui/textarea";

type FormValues = MerchantRegistrationInput;

const DEFAULT_HOURS: WeekHours = DEFAULT_REGISTRATION_HOURS;

const EMPTY_FORM: DefaultValues<FormValues> = {
  name: "",
  slug: "",
  categoryId: "",
  website: "",
  address: "",
  department: undefined,
  municipality: "",
  phone: "",
  whatsapp: "",
  email: "",
  description: "",
  // Kept in step with the hours editor, so the schema checks what will be sent.
  schedule: scheduleToText(DEFAULT_HOURS),
  facebook: "",
  instagram: "",
  tiktok: "",
};

const FIELD_NAMES = new Set(Object.keys(EMPTY_FORM));

function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1">{children}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The public registration of spec §2/§5: validated with the shared schema, then queued for approval. */
export function MerchantRegistrationForm({ categories }: { categories: CategoryDto[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<WeekHours>(DEFAULT_HOURS);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, MerchantRegistration>({
    resolver: zodResolver(merchantRegistrationSchema),
    defaultValues: EMPTY_FORM,
  });

  const clear = () => {
    reset(EMPTY_FORM);
    setHours(DEFAULT_HOURS);
  };

  const send = useMutation({
    mutationFn: (data: MerchantRegistration) =>
      apiRequest("POST", "/api/merchants", {
        ...normalizeRegistration(data),
        schedule: scheduleToText(hours),
      }),
    onSuccess: () => {
      toast({
        title: "¡Solicitud enviada exitosamente!",
        description:
          "Tu solicitud ha sido enviada para revisión. Te notificaremos cuando sea aprobada.",
      });
      clear();
      return queryClient.invalidateQueries({ queryKey: ["/api/merchants"] });
    },
    onError: (error) => {
      // The server checks with the same schema; its messages go back next to their fields.
      if (error instanceof ApiError) {
        for (const issue of error.body?.errors ?? []) {
          const field = issue.path.split(".")[0];
          if (FIELD_NAMES.has(field)) {
            setError(field as Path<FormValues>, { type: "server", message: issue.message });
          }
        }
      }
      toast({
        title: "Error al registrar",
        description: "Hubo un problema al registrar tu comercio. Por favor intenta de nuevo.",
        variant: "destructive",
      });
    },
  });

  const name = watch("name") ?? "";
  const slug = name.trim() ? merchantSlug(name) : "";

  const a11y = (field: keyof FormValues, hint = false) => ({
    id: `${id}-${field}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field]
      ? `${id}-${field}-error`
      : hint
        ? `${id}-${field}-hint`
        : undefined,
  });
  const text = (field: keyof FormValues) => ({ ...a11y(field), ...register(field) });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((data) => send.mutate(data))}
      className="flex flex-col gap-6"
      aria-label="Registro de comercio"
    >
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={send.isPending}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">
          Información del comercio
        </legend>
        <FormField id={`${id}-name`} label="Nombre del comercio" error={errors.name?.message}>
          <Input autoComplete="organization" {...text("name")} />
        </FormField>
        <FormField
          id={`${id}-slug`}
          label="Identificador (se genera automáticamente)"
          hint={slug ? `Tu página será /merchants/${slug}` : "Se crea a partir del nombre"}
        >
          <Input
            {...a11y("slug", true)}
            name="slug"
            value={slug}
            readOnly
            aria-readonly="true"
            tabIndex={-1}
          />
        </FormField>
        <FormField id={`${id}-categoryId`} label="Categoría" error={errors.categoryId?.message}>
          <NativeSelect {...a11y("categoryId")} {...register("categoryId")}>
            <option value="">Selecciona una categoría</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.icon ? `${category.icon} ` : ""}
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-website`}
          label="Sitio web (opcional)"
          error={errors.website?.message}
        >
          <Input
            type="url"
            inputMode="url"
            placeholder="www.mitienda.com"
            autoComplete="url"
            {...text("website")}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField
            id={`${id}-description`}
            label="Descripción"
            error={errors.description?.message}
          >
            <Textarea
              rows={4}
              placeholder="¿Qué vendes? ¿Qué hace especial a tu comercio?"
              {...text("description")}
            />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4" disabled={send.isPending}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">Ubicación</legend>
        <FormField id={`${id}-address`} label="Dirección completa" error={errors.address?.message}>
          <Input
            placeholder="Calle, número, colonia, distrito"
            autoComplete="street-address"
            {...text("address")}
          />
        </FormField>
        <Controller
          control={control}
          name="department"
          render={({ field: department }) => (
            <Controller
              control={control}
              name="municipality"
              render={({ field: municipality }) => (
                <DepartmentMunicipalityFields
                  department={department.value ?? ""}
                  municipality={municipality.value ?? ""}
                  onDepartmentChange={(value) =>
                    department.onChange(value === "" ? undefined : value)
                  }
                  onMunicipalityChange={municipality.onChange}
                  onBlur={department.onBlur}
                  departmentError={errors.department?.message}
                  municipalityError={errors.municipality?.message}
                />
              )}
            />
          )}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={send.isPending}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">Contacto</legend>
        <FormField id={`${id}-phone`} label="Teléfono" error={errors.phone?.message}>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                {...a11y("phone")}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </FormField>
        <FormField
          id={`${id}-whatsapp`}
          label="WhatsApp (opcional)"
          error={errors.whatsapp?.message}
        >
          <Controller
            control={control}
            name="whatsapp"
            render={({ field }) => (
              <PhoneInput
                {...a11y("whatsapp")}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete="off"
              />
            )}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={`${id}-email`} label="Correo electrónico" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder="contacto@mitienda.com"
              {...text("email")}
            />
          </FormField>
        </div>
      </fieldset>

      <div>
        <HoursEditor
          value={hours}
          disabled={send.isPending}
          onChange={(next) => {
            setHours(next);
            setValue("schedule", scheduleToText(next), {
              shouldValidate: Boolean(errors.schedule),
            });
          }}
        />
        <FieldError id={`${id}-schedule-error`}>{errors.schedule?.message}</FieldError>
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-3" disabled={send.isPending}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">
          Redes sociales (opcional)
        </legend>
        <FormField id={`${id}-facebook`} label="Facebook" error={errors.facebook?.message}>
          <Input placeholder="mitienda" autoComplete="off" {...text("facebook")} />
        </FormField>
        <FormField id={`${id}-instagram`} label="Instagram" error={errors.instagram?.message}>
          <Input placeholder="@mitienda" autoComplete="off" {...text("instagram")} />
        </FormField>
        <FormField id={`${id}-tiktok`} label="TikTok" error={errors.tiktok?.message}>
          <Input placeholder="@mitienda" autoComplete="off" {...text("tiktok")} />
        </FormField>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={clear} disabled={send.isPending}>
          Limpiar formulario
        </Button>
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? "Registrando..." : "Registrar comercio"}
        </Button>
      </div>
    </form>
  );
}
