import { useId, useState } from "react";
import { type DefaultValues, type Path, useForm } from "react-hook-form";
import type { CategoryDto } from "../../../shared/api-types";
import { DEFAULT_REGISTRATION_HOURS } from "../../../shared/schedule";
import type {
  MerchantRegistration,
  MerchantRegistrationInput,
} from "../../../shared/schemas/merchant-registration";
import { merchantSlug } from "../../../shared/slug";
import { apiRequest } from "../../lib/api";
import { lazyResolver } from "../../lib/lazy-resolver";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { CategorySelect } from "./category-select";
import { DepartmentMunicipalityController } from "./department-municipality-controller";
import {
  type DeliveryErrors,
  DeliveryFields,
  deliveryPayload,
  type DeliveryValue,
  EMPTY_DELIVERY,
  splitServerErrors,
} from "./delivery-fields";
import { fieldA11y, FormField, FormSection } from "./form-field";
import { LegalIdentityFields } from "./legal-identity-fields";
import { ScheduleField, writeSchedule } from "./hours-editor";
import { PhoneField } from "./phone-field";
import { SocialFields } from "./social-fields";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { useHydrated } from "../../lib/use-hydrated";

type FormValues = MerchantRegistrationInput;

const EMPTY_FORM: DefaultValues<FormValues> = {
  name: "",
  slug: "",
  categoryId: "",
  website: "",
  address: "",
  department: undefined,
  municipality: "",
  district: "",
  phone: "",
  whatsapp: "",
  email: "",
  description: "",
  // Kept in step with the hours editor, so the schema checks what will be sent.
  schedule: writeSchedule(DEFAULT_REGISTRATION_HOURS, "lines"),
  facebook: "",
  instagram: "",
  tiktok: "",
  legalName: "",
  taxId: "",
};

const FIELD_NAMES = new Set(Object.keys(EMPTY_FORM));

// The shared schema (and zod with it) is downloaded on the form's first focus or validation,
// not with the page (issue 27).
const loadSchema = () => import("../../../shared/schemas/merchant-registration");
const registration = lazyResolver(async () => {
  const [{ zodResolver }, { merchantRegistrationFormSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    loadSchema(),
  ]);
  return zodResolver(merchantRegistrationFormSchema);
});

function failureToast() {
  toast({
    title: "Error al registrar",
    description: "Hubo un problema al registrar tu comercio. Por favor intenta de nuevo.",
    variant: "destructive",
  });
}

/** The public registration of spec §2/§5: validated with the shared schema, then queued for approval. */
export function MerchantRegistrationForm({ categories }: { categories: CategoryDto[] }) {
  const id = useId();
  // Issue 12: how it delivers, kept beside the form; errors from the server.
  const [delivery, setDelivery] = useState<DeliveryValue>(EMPTY_DELIVERY);
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, MerchantRegistration>({
    resolver: registration.resolver,
    defaultValues: EMPTY_FORM,
  });

  const clear = () => {
    reset(EMPTY_FORM);
    setDelivery(EMPTY_DELIVERY);
    setDeliveryErrors({});
  };

  // Until hydrated the form could only submit natively: its button waits (use-hydrated.ts).
  const hydrated = useHydrated();
  const send = useAsyncAction(
    async (data: MerchantRegistration) => {
      // Already downloaded: the data passed the schema's check.
      const { normalizeRegistration } = await loadSchema();
      return apiRequest("POST", "/api/merchants", {
        ...normalizeRegistration(data),
        ...deliveryPayload(delivery),
      });
    },
    {
      onSuccess: () => {
        toast({
          title: "¡Solicitud enviada exitosamente!",
          description:
            "Tu solicitud ha sido enviada para revisión. Te notificaremos cuando sea aprobada.",
        });
        clear();
      },
      onError: (error) => {
        // The server checks with the same schema; its messages go back next to their fields.
        const { delivery: fromServer, others } = splitServerErrors(error);
        for (const { field, message } of others) {
          if (FIELD_NAMES.has(field))
            setError(field as Path<FormValues>, { type: "server", message });
        }
        setDeliveryErrors(fromServer);
        failureToast();
      },
    },
  );

  const name = watch("name") ?? "";
  const slug = name.trim() ? merchantSlug(name) : "";

  const err = (field: keyof FormValues) => errors[field]?.message;
  const a11y = (field: keyof FormValues, hint = false) =>
    fieldA11y(`${id}-${field}`, err(field), false, hint);
  const text = (field: keyof FormValues) => ({ ...a11y(field), ...register(field) });

  return (
    <form
      noValidate
      // A schema that failed to download (offline) fails the submit: said like a failed send.
      onSubmit={(event) => handleSubmit((data) => send.run(data))(event).catch(failureToast)}
      onFocus={registration.preload}
      className="flex flex-col gap-6"
      aria-label="Registro de comercio"
    >
      <FormSection legend="Información del comercio" columns={2} large disabled={send.isPending}>
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
      </FormSection>

      <FormSection legend="Ubicación" large disabled={send.isPending}>
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
          districtError={err("district")}
        />
      </FormSection>

      <FormSection legend="Contacto" columns={2} large disabled={send.isPending}>
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
      </FormSection>

      <ScheduleField
        control={control}
        format="lines"
        startHours={DEFAULT_REGISTRATION_HOURS}
        errorId={`${id}-schedule-error`}
        error={err("schedule")}
        disabled={send.isPending}
      />

      <DeliveryFields
        value={delivery}
        onChange={setDelivery}
        errors={deliveryErrors}
        disabled={send.isPending}
      />

      <LegalIdentityFields id={id} error={err} inputProps={text} disabled={send.isPending} large />

      <FormSection legend="Redes sociales (opcional)" columns={3} large disabled={send.isPending}>
        <SocialFields
          networks={["facebook", "instagram", "tiktok"]}
          id={id}
          error={err}
          inputProps={text}
        />
      </FormSection>

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
