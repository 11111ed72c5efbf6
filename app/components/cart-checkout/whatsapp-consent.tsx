import type { UseFormRegisterReturn } from "react-hook-form";
import { WHATSAPP_CONSENT_LABEL } from "../../../shared/notices";
import { fieldA11y, FormField } from "../forms/form-field";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";

/**
 * The checkout's WhatsApp consent (issue 35), offered only when the server sends WhatsApp:
 * a box left unticked (consent is asked, never assumed) and, once ticked, the number the
 * notices go to, first the phone typed above.
 */
export function WhatsAppConsent({
  id,
  checked,
  checkbox,
  number,
  consentError,
  numberError,
}: {
  id: string;
  checked: boolean;
  checkbox: UseFormRegisterReturn<"whatsappNotices">;
  number: UseFormRegisterReturn<"whatsappNumber">;
  consentError?: string;
  numberError?: string;
}) {
  return (
    <div className="grid gap-3 rounded-lg border border-stone-200 p-3">
      <div>
        <label htmlFor={`${id}-whatsappNotices`} className="flex cursor-pointer items-start gap-3">
          <input
            id={`${id}-whatsappNotices`}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            aria-describedby={`${id}-whatsappNotices-hint`}
            {...checkbox}
          />
          <span className="text-sm font-medium text-stone-900">{WHATSAPP_CONSENT_LABEL}</span>
        </label>
        <p id={`${id}-whatsappNotices-hint`} className="mt-1 pl-8 text-xs text-stone-600">
          Te escribimos cuando el comercio confirme, prepare o envíe tu pedido. Sin publicidad.
        </p>
        <FieldError className="pl-8">{consentError}</FieldError>
      </div>
      {checked && (
        <FormField
          id={`${id}-whatsappNumber`}
          label="Número de WhatsApp"
          required
          error={numberError}
          hint="Un celular de El Salvador, o un número de otro país con + y su código."
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            {...fieldA11y(`${id}-whatsappNumber`, numberError, true, true)}
            {...number}
          />
        </FormField>
      )}
    </div>
  );
}
