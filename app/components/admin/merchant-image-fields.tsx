import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { FormSection } from "../forms/form-field";
import { FieldError } from "../ui/field-error";
import { ImageUpload, type ImageUploadProps } from "./image-upload";

type Images = { imageUrl?: string | null; logoUrl?: string | null };

const IMAGES: {
  field: keyof Images;
  upload: Pick<ImageUploadProps, "label" | "kind" | "shape">;
}[] = [
  { field: "imageUrl", upload: { label: "Imagen del comercio", kind: "merchantImage" } },
  { field: "logoUrl", upload: { label: "Logo", kind: "merchantLogo", shape: "square" } },
];

/** 'Imágenes' of the admin and portal merchant forms: the picture and the logo, bound to the form. */
export function MerchantImageFields<T extends FieldValues & Images, TOut = T>({
  control,
  errors,
  onUploadingChange,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  errors: { [K in keyof Images]?: string };
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <FormSection legend="Imágenes" columns={2} disabled={disabled}>
      {IMAGES.map(({ field, upload }) => (
        <Controller
          key={field}
          control={control}
          name={field as FieldPath<T>}
          render={({ field: { value, onChange } }) => (
            <div>
              <ImageUpload
                {...upload}
                value={(value as string | null | undefined) || null}
                onChange={(url) => onChange(url ?? "")}
                onUploadingChange={onUploadingChange}
                disabled={disabled}
              />
              <FieldError>{errors[field]}</FieldError>
            </div>
          )}
        />
      ))}
    </FormSection>
  );
}
