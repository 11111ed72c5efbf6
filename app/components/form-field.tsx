import type { ReactNode } from "react";
import { FieldError } from "./ui/field-error";
import { Label } from "./ui/label";

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
