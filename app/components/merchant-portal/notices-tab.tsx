import { useId, useState } from "react";
import { formatLongDate } from "../../../shared/dates";
import type { NoticeSettingsInput } from "../../../shared/schemas/notices";
import { noticeSettingsSchema } from "../../../shared/schemas/notices";
import { formatWhatsAppNumber } from "../../../shared/whatsapp-number";
import { ApiError } from "../../lib/api";
import {
  type MerchantNoticeSettingsDto,
  useNoticeSettings,
  useSaveNoticeSettings,
} from "../../lib/merchant-notices-api";
import { ListError, ListLoading } from "../admin/list-states";
import { SwitchField } from "../admin/switch-field";
import { fieldA11y, FormField } from "../forms/form-field";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";
import { PushSection } from "./push-devices";

/**
 * 'Avisos' (issue 35): how the merchant hears of its orders (WhatsApp, notifications on its
 * phones, e-mail), the WhatsApp number, and the devices that receive the notifications.
 */
export function NoticesTab({ merchantId }: { merchantId: number }) {
  const id = useId();
  const settings = useNoticeSettings(merchantId);
  const save = useSaveNoticeSettings(merchantId);
  if (settings.isPending) return <ListLoading rows={2} />;
  if (settings.isError) return <ListError />;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Avisos
      </h2>
      <p className="text-sm text-stone-700">
        Elige cómo te avisamos de cada pedido nuevo y de los pedidos que siguen sin respuesta.
      </p>
      <Card className="p-4 sm:p-6">
        <NoticeSettingsForm settings={settings.data} onSave={(body) => save.mutateAsync(body)} />
      </Card>
      <Card className="p-4 sm:p-6">
        <PushSection merchantId={merchantId} publicKey={settings.data.pushPublicKey} />
      </Card>
    </section>
  );
}

type Field = "whatsappNumber" | "whatsapp" | "push" | "email";
const FIELDS: readonly Field[] = ["whatsappNumber", "whatsapp", "push", "email"];

const shownNumber = (e164: string | null) => (e164 ? formatWhatsAppNumber(e164) : "");

/** The first message of each field a zod check or a 400 named. */
function fieldErrors(issues: readonly { path: string; message: string }[]) {
  const errors: Partial<Record<Field, string>> = {};
  for (const { path, message } of issues) {
    const field = FIELDS.find((name) => name === path);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

export function NoticeSettingsForm({
  settings,
  onSave,
}: {
  settings: MerchantNoticeSettingsDto;
  /** Sends the body; a rejected ApiError's field errors are shown next to their fields. */
  onSave: (body: NoticeSettingsInput) => Promise<MerchantNoticeSettingsDto>;
}) {
  const id = useId();
  const [whatsapp, setWhatsapp] = useState(settings.whatsapp);
  const [push, setPush] = useState(settings.push);
  const [email, setEmail] = useState(settings.email);
  const [number, setNumber] = useState(shownNumber(settings.whatsappNumber));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const body: NoticeSettingsInput = {
      whatsappNumber: number.trim() === "" ? null : number.trim(),
      whatsapp,
      push,
      email,
    };
    // The server's own schema first: a mistyped number is said here, without a request.
    const checked = noticeSettingsSchema.safeParse(body);
    if (!checked.success) {
      setErrors(
        fieldErrors(
          checked.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message })),
        ),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await onSave(body);
      setNumber(shownNumber(saved.whatsappNumber));
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrors(error.body?.errors ?? []));
    } finally {
      setSaving(false);
    }
  };

  const numberError = errors.whatsappNumber;
  return (
    <form
      noValidate
      aria-label="Cómo te avisamos"
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="grid gap-4" disabled={saving}>
        <legend className="mb-2 font-semibold text-stone-900">Cómo te avisamos</legend>
        <div>
          <SwitchField
            label="WhatsApp"
            description="Un mensaje por cada pedido nuevo, con un botón para abrirlo aquí. Al activarlo aceptas recibir estos mensajes en el número de abajo."
            checked={whatsapp && settings.whatsappAvailable}
            onCheckedChange={setWhatsapp}
            disabled={!settings.whatsappAvailable}
          />
          {!settings.whatsappAvailable && (
            <p className="mt-1 text-sm text-amber-900">
              Los avisos por WhatsApp no están configurados en este Tiangue.
            </p>
          )}
          {settings.whatsappConsentAt && settings.whatsappAvailable && (
            <p className="mt-1 text-xs text-stone-600">
              Aceptaste los avisos por WhatsApp el {formatLongDate(settings.whatsappConsentAt)}.
            </p>
          )}
          <FieldError>{errors.whatsapp}</FieldError>
        </div>
        <FormField
          id={`${id}-whatsappNumber`}
          label="Número de WhatsApp para avisos"
          error={numberError}
          hint="A este número te llegan los pedidos nuevos y los recordatorios de los que siguen sin respuesta. Vacío: el WhatsApp de tu comercio."
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            placeholder="+503 7000-0000"
            value={number}
            onChange={(event) => {
              setNumber(event.target.value);
              setErrors((previous) => ({ ...previous, whatsappNumber: undefined }));
            }}
            {...fieldA11y(`${id}-whatsappNumber`, numberError, false, true)}
          />
        </FormField>
        <div>
          <SwitchField
            label="Notificaciones en este teléfono"
            description="Una notificación por cada pedido nuevo en los teléfonos y computadoras donde actives los avisos (abajo)."
            checked={push}
            onCheckedChange={setPush}
          />
          <FieldError>{errors.push}</FieldError>
        </div>
        <div>
          <SwitchField
            label="Correo"
            description={`Un correo por cada pedido nuevo a ${settings.emailAddress}.`}
            checked={email}
            onCheckedChange={setEmail}
          />
          <FieldError>{errors.email}</FieldError>
        </div>
      </fieldset>
      <Button type="submit" disabled={saving} className="justify-self-start">
        {saving ? "Guardando..." : "Guardar"}
      </Button>
    </form>
  );
}
