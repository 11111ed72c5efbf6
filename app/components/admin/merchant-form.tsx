import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, type DefaultValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { AdminMerchantDto, CategoryDto } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import {
  type AdminMerchant,
  type AdminMerchantInput,
  adminMerchantFormSchema,
  adminMerchantUpdateFormSchema,
  normalizeAdminMerchant,
} from "../../../shared/schemas/admin-merchant";
import { merchantSlug } from "../../../shared/slug";
import type { MerchantPayload } from "../../lib/admin-merchants-api";
import { CategorySelect } from "../forms/category-select";
import { fieldA11y, FormField, FormSection } from "../forms/form-field";
import { MerchantProfileSections, useProfileSections } from "../forms/merchant-fields";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { LegalIdentityFields } from "../forms/legal-identity-fields";
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

function toFormValues(schedule: string, m?: AdminMerchantDto): DefaultValues<FormValues> {
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
    district: m?.district ?? "",
    website: m?.website ?? "",
    facebook: m?.facebook ?? "",
    instagram: m?.instagram ?? "",
    tiktok: m?.tiktok ?? "",
    linkedin: m?.linkedin ?? "",
    legalName: m?.legalName ?? "",
    taxId: m?.taxId ?? "",
    schedule,
    isActive: m?.isActive ?? true,
    imageUrl: m?.imageUrl ?? "",
    logoUrl: m?.logoUrl ?? "",
    approved: true,
  };
}

/** 'Registrar Nuevo Comercio' and 'Editar Comercio' (spec §2, §5): one form, the shared schemas. */
export function MerchantForm({
  mode,
  merchant,
  categories,
  onSubmit,
  onCancel,
}: MerchantFormProps) {
  const id = useId();
  const profile = useProfileSections(merchant);
  const schema = mode === "create" ? adminMerchantFormSchema : adminMerchantUpdateFormSchema;
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, AdminMerchant>({
    resolver: zodResolver(schema) as Resolver<FormValues, unknown, AdminMerchant>,
    defaultValues: toFormValues(profile.schedule, merchant),
  });

  const onValid = async (data: AdminMerchant) => {
    if (!profile.checkPayment()) return;
    const { slug: _slug, approved, ...fields } = normalizeAdminMerchant(data);
    const payload: MerchantPayload = {
      ...fields,
      ...profile.deliveryBody(),
      ...profile.paymentBody(),
    };
    if (mode === "create") {
      payload.slug = merchantSlug(data.name);
      payload.approved = approved ?? true;
    }
    try {
      await onSubmit(payload);
    } catch (error) {
      // The server checks with the same schema; its messages go back next to their fields.
      for (const { field, message } of profile.takeServerErrors(error)) {
        setError(field as Path<FormValues>, { type: "server", message });
      }
    }
  };

  const err = (field: keyof FormValues) => errors[field]?.message;
  const text = (field: keyof FormValues, required = false) => ({
    ...fieldA11y(`${id}-${field}`, err(field), required),
    ...register(field),
  });
  const busy = isSubmitting || profile.uploading;
  const name = watch("name") ?? "";

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
      // The payment fields live beside the form: checked too when the form's own fields fail.
      onSubmit={handleSubmit(onValid, () => profile.checkPayment(false))}
      className="flex flex-col gap-6"
      aria-label={mode === "create" ? "Registrar nuevo comercio" : "Editar comercio"}
    >
      <FormSection legend="Información del comercio" columns={2} disabled={isSubmitting}>
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
      </FormSection>

      <LegalIdentityFields id={id} error={err} inputProps={text} disabled={isSubmitting} />

      <MerchantProfileSections
        control={control}
        id={id}
        error={err}
        inputProps={text}
        disabled={isSubmitting}
        {...profile.sections}
      />

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

      {(Object.keys(errors).length > 0 || profile.hasSectionErrors) && (
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
