import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { fieldA11y, FormField } from "./form-field";
import { PhoneInput } from "./phone-input";

/** A react-hook-form phone field: label, formatted phone input ('+503 7000-0001') and error. */
export function PhoneField<T extends FieldValues, TOut = T>({
  control,
  name,
  id,
  label,
  error,
  required = false,
  autoComplete,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  /** PhoneInput's default is 'tel'. */
  autoComplete?: string;
}) {
  return (
    <FormField id={id} label={label} required={required} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <PhoneInput
            {...fieldA11y(id, error, required)}
            name={field.name}
            ref={field.ref}
            value={(field.value as string | undefined) ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            autoComplete={autoComplete}
          />
        )}
      />
    </FormField>
  );
}
