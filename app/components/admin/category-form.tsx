import { useId, useState, type FormEvent } from "react";
import type { CategoryDto } from "../../../shared/api-types";
import { CATEGORY_REQUIRED_MESSAGE, categorySchema } from "../../../shared/schemas/category";
import { merchantSlug } from "../../../shared/slug";
import type { CategoryPayload } from "../../lib/admin-categories-api";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { fieldA11y, FormField } from "../forms/form-field";
import { ImageUpload } from "./image-upload";

type Field = "name" | "slug" | "icon" | "imageUrl";

export interface CategoryFormProps {
  mode: "create" | "edit";
  category?: CategoryDto;
  /** Sends the payload; a rejected ApiError's field errors are shown next to their fields. */
  onSubmit: (payload: CategoryPayload) => Promise<unknown>;
  onCancel?: () => void;
}

const autoSlug = (name: string) => (name.trim() ? merchantSlug(name) : "");

/** Name, slug (follows the name until edited by hand), an emoji icon and an image up to 2 MB. */
export function CategoryForm({ mode, category, onSubmit, onCancel }: CategoryFormProps) {
  const id = useId();
  const [name, setName] = useState(category?.name ?? "");
  const [slug, setSlug] = useState(category?.slug ?? "");
  // A new category's slug follows its name; an existing one keeps its URL unless edited.
  const [slugTouched, setSlugTouched] = useState(mode === "edit");
  const [icon, setIcon] = useState(category?.icon ?? "");
  const [imageUrl, setImageUrl] = useState<string | null>(category?.imageUrl ?? null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = categorySchema.safeParse({ name, slug, icon, imageUrl });
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      if (found.name === CATEGORY_REQUIRED_MESSAGE || found.slug === CATEGORY_REQUIRED_MESSAGE) {
        toast({ title: "Error", description: CATEGORY_REQUIRED_MESSAGE, variant: "destructive" });
      }
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await onSubmit({
        name: result.data.name,
        slug: result.data.slug,
        icon: result.data.icon || null,
        imageUrl: result.data.imageUrl || null,
      });
      if (mode === "create") {
        setName("");
        setSlug("");
        setSlugTouched(false);
        setIcon("");
        setImageUrl(null);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        const found: Partial<Record<Field, string>> = {};
        for (const issue of error.body?.errors ?? []) found[issue.path as Field] ??= issue.message;
        setErrors(found);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={mode === "create" ? "Nueva categoría" : "Editar categoría"}
    >
      <FormField id={`${id}-name`} label="Nombre" required error={errors.name}>
        <Input
          {...fieldA11y(`${id}-name`, errors.name, true)}
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            if (!slugTouched) setSlug(autoSlug(event.target.value));
          }}
        />
      </FormField>
      <FormField
        id={`${id}-slug`}
        label="Slug"
        required
        error={errors.slug}
        hint="Se genera a partir del nombre; puedes cambiarlo."
      >
        <Input
          {...fieldA11y(`${id}-slug`, errors.slug, true)}
          value={slug}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugTouched(true);
          }}
        />
      </FormField>
      <FormField id={`${id}-icon`} label="Icono (emoji)" error={errors.icon}>
        <Input
          {...fieldA11y(`${id}-icon`, errors.icon)}
          value={icon}
          maxLength={16}
          placeholder="🍽️"
          autoComplete="off"
          className="w-24 text-center text-lg"
          onChange={(event) => setIcon(event.target.value)}
        />
      </FormField>
      <div className="sm:col-span-2">
        <ImageUpload
          label="Imagen de la categoría"
          kind="categoryImage"
          value={imageUrl}
          onChange={setImageUrl}
          onUploadingChange={setUploading}
        />
        {errors.imageUrl && <p className="mt-1 text-sm text-red-700">{errors.imageUrl}</p>}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={sending}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={sending || uploading}>
          {mode === "create"
            ? sending
              ? "Creando..."
              : "Crear categoría"
            : sending
              ? "Guardando..."
              : "Guardar cambios"}
        </Button>
      </div>
    </form>
  );
}
