import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type DefaultValues, type Path, useForm } from "react-hook-form";
import type { CategoryDto } from "../../shared/api-types";
import { DEFAULT_REGISTRATION_HOURS, scheduleToText } from "../../shared/schedule";
import {
  type MerchantRegistration,
  type MerchantRegistrationInput,
  merchantRegistrationFormSchema,
  normalizeRegistration,
} from "../../shared/schemas/merchant-registration";
import { merchantSlug } from "../../shared/slug";
import { ApiError, apiRequest } from "../lib/api";
import { toast } from "../lib/toast";
import { CategorySelect } from "./category-select";
import { DepartmentMunicipalityController } from "./department-municipality-controller";
import { fieldA11y, FormField } from "./form-field";
import {
  DeliveryFields,
  deliveryPayload,
  EMPTY_DELIVERY,
  type DeliveryValue,
} from "./delivery-fields";
import { HoursEditor, type WeekHours } from "./hours-editor";
import { PhoneField } from "./phone-field";
import { SocialFields } from "./social-fields";
import { Button } from "./ui/button";
import { FieldError } from "./ui/field-error";
import { Input } from "./ui/input";
import { Textarea } from "./ui/textarea";
import { useHydrated } from "../lib/use-hydrated";

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

/** The public registration of spec §2/§5: validated with the shared schema, then queued for approval. */
export function MerchantRegistrationForm({ categories }: { categories: CategoryDto[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<WeekHours>(DEFAULT_HOURS);
  // Issue 12: how it delivers, kept beside the form like the hours; errors from the server.
  const [delivery, setDelivery] = useState<DeliveryValue>(EMPTY_DELIVERY);
  const [deliveryErrors, setDeliveryErrors] = useState<
    Partial<Record<keyof DeliveryValue, string>>
  >({});
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
    resolver: zodResolver(merchantRegistrationFormSchema),
    defaultValues: EMPTY_FORM,
  });

  const clear = () => {
    reset(EMPTY_FORM);
    setHours(DEFAULT_HOURS);
    setDelivery(EMPTY_DELIVERY);
    setDeliveryErrors({});
  };

  // Until hydrated the form could only submit natively: its button waits (use-hydrated.ts).
  const hydrated = useHydrated();
  const send = useMutation({
    mutationFn: (data: MerchantRegistration) =>
      apiRequest("POST", "/api/merchants", {
        ...normalizeRegistration(data),
        schedule: scheduleToText(hours),
        ...deliveryPayload(delivery),
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
        const fromServer: Partial<Record<keyof DeliveryValue, string>> = {};
        for (const issue of error.body?.errors ?? []) {
          const field = issue.path.split(".")[0];
          if (field in EMPTY_DELIVERY) fromServer[field as keyof DeliveryValue] = issue.message;
          if (FIELD_NAMES.has(field)) {
            setError(field as Path<FormValues>, { type: "server", message: issue.message });
          }
        }
        setDeliveryErrors(fromServer);
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

  const err = (field: keyof FormValues) => errors[field]?.message;
  const a11y = (field: keyof FormValues, hint = false) =>
    fieldA11y(`${id}-${field}`, err(field), false, hint);
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
        <FormField id={`${id}-name`} label="Nombre del comercio" error={err("name")}>
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
        <FormField id={`${id}-categoryId`} label="Categoría" error={err("categoryId")}>
          <CategorySelect categories={categories} {...text("categoryId")} />
        </FormField>
        <FormField id={`${id}-website`} label="Sitio web (opcional)" error={err("website")}>
          <Input
            type="url"
            inputMode="url"
            placeholder="www.mitienda.com"
            autoComplete="url"
            {...text("website")}
          />
        </FormField>
        <FormField
          id={`${id}-description`}
          label="Descripción"
          error={err("description")}
          className="sm:col-span-2"
        >
          <Textarea
            rows={4}
            placeholder="¿Qué vendes? ¿Qué hace especial a tu comercio?"
            {...text("description")}
          />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4" disabled={send.isPending}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">Ubicación</legend>
        <FormField id={`${id}-address`} label="Dirección completa" error={err("address")}>
          <Input
            placeholder="Calle, número, colonia, distrito"
            autoComplete="street-address"
            {...text("address")}
          />
        </FormField>
        <DepartmentMunicipalityController
          control={control}
          departmentError={err("department")}
          municipalityError={err("municipality")}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={send.isPending}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">Contacto</legend>
        <PhoneField
          control={control}
          name="phone"
          id={`${id}-phone`}
          label="Teléfono"
          error={err("phone")}
        />
        <PhoneField
          control={control}
          name="whatsapp"
          id={`${id}-whatsapp`}
          label="WhatsApp (opcional)"
          error={err("whatsapp")}
          autoComplete="off"
        />
        <FormField
          id={`${id}-email`}
          label="Correo electrónico"
          error={err("email")}
          className="sm:col-span-2"
        >
          <Input
            type="email"
            autoComplete="email"
            placeholder="contacto@mitienda.com"
            {...text("email")}
          />
        </FormField>
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
        <FieldError id={`${id}-schedule-error`}>{err("schedule")}</FieldError>
      </div>

      <DeliveryFields
        value={delivery}
        onChange={setDelivery}
        errors={deliveryErrors}
        disabled={send.isPending}
      />

      <fieldset className="grid gap-4 sm:grid-cols-3" disabled={send.isPending}>
        <legend className="mb-2 text-lg font-semibold text-stone-900">
          Redes sociales (opcional)
        </legend>
        <SocialFields
          networks={["facebook", "instagram", "tiktok"]}
          id={id}
          error={err}
          inputProps={text}
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={clear} disabled={send.isPending}>
          Limpiar formulario
        </Button>
        <Button type="submit" size="lg" disabled={send.isPending || !hydrated}>
          {send.isPending ? "Registrando..." : "Registrar comercio"}
        </Button>
      </div>
    </form>
  );
}
