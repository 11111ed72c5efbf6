import type { ReactNode } from "react";
import { cn } from "../ui/cn";
import { FieldError } from "../ui/field-error";
import { Label } from "../ui/label";

/** Label, control, hint and error of one form field; `required` adds the visible mark. */
export function FormField({
  id,
  label,
  error,
  hint,
  required = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </Label>
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

/**
 * Accessibility props of a field's control: its id, and its error while there is one
 * (else its hint, when `describedByHint`).
 */
export function fieldA11y(
  id: string,
  error: string | undefined,
  required = false,
  describedByHint = false,
) {
  return {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": error ? `${id}-error` : describedByHint ? `${id}-hint` : undefined,
    "aria-required": required ? (true as const) : undefined,
  };
}

/** A titled group of fields: a fieldset and its legend, in one to three columns from `sm` up. */
export function FormSection({
  legend,
  columns = 1,
  large = false,
  disabled,
  children,
}: {
  legend: ReactNode;
  columns?: 1 | 2 | 3;
  /** The public form's larger legends. */
  large?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={cn(
        "grid gap-4",
        columns === 2 && "sm:grid-cols-2",
        columns === 3 && "sm:grid-cols-3",
      )}
      disabled={disabled}
    >
      <legend className={cn("mb-2 font-semibold text-stone-900", large && "text-lg")}>
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}
