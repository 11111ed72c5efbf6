import type { ComponentProps } from "react";
import { FormField, FormSection } from "./form-field";
import { Input } from "../ui/input";

/**
 * Issue 37: 'Datos legales' of the registration, the portal's profile and the admin forms:
 * the razón social (or the owner's full name) and its NIT or DUI (checked by
 * shared/tax-id.ts on both sides). Optional, both or neither.
 */
export function LegalIdentityFields({
  id,
  error,
  inputProps,
  disabled,
  large,
}: {
  id: string;
  error: (field: "legalName" | "taxId") => string | undefined;
  inputProps: (field: "legalName" | "taxId") => ComponentProps<"input">;
  disabled?: boolean;
  large?: boolean;
}) {
  return (
    <FormSection legend="Datos legales" columns={2} large={large} disabled={disabled}>
      <p className="text-sm text-stone-600 sm:col-span-2">
        La Ley de Protección al Consumidor pide que quien vende en línea diga quién es: se muestran
        en tu página, en cada pedido y en cada comprobante. Si vendes como persona, escribe tu
        nombre completo y tu DUI.
      </p>
      <FormField
        id={`${id}-legalName`}
        label="Razón social o nombre del titular"
        error={error("legalName")}
      >
        <Input autoComplete="organization" {...inputProps("legalName")} />
      </FormField>
      <FormField
        id={`${id}-taxId`}
        label="NIT o DUI"
        error={error("taxId")}
        hint="NIT: 0000-000000-000-0 · DUI: 00000000-0"
      >
        <Input inputMode="numeric" autoComplete="off" {...inputProps("taxId")} />
      </FormField>
    </FormSection>
  );
}
