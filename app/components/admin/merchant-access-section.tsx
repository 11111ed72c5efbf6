import { zodResolver } from "@hookform/resolvers/zod";
import { History, Send } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { formatLongDateTime } from "../../../shared/dates";
import { signInEmailSchema } from "../../../shared/merchant-portal";
import { ApiError } from "../../lib/api";
import {
  useChangeSignInEmail,
  useMerchantAudit,
  useSendLoginLink,
  useSignInEmail,
} from "../../lib/merchant-api";
import { fieldA11y, FormField } from "../forms/form-field";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

/**
 * The merchant's portal access in its details dialog (issue 11): the address that receives
 * sign-in links, changing it, sending a link now, and the log of who changed what.
 */
export function MerchantAccessSection({ merchantId }: { merchantId: number }) {
  const id = useId();
  const signInEmail = useSignInEmail(merchantId);
  const sendLink = useSendLoginLink(merchantId);
  const [editing, setEditing] = useState(false);
  const [showAudit, setShowAudit] = useState(false);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-stone-200 pt-4">
      <h3 id={`${id}-title`} className="font-semibold text-stone-900">
        Acceso al portal del comercio
      </h3>
      <div className="text-sm">
        <p className="text-stone-600">Correo de acceso</p>
        <p className="font-medium break-all text-stone-900">
          {signInEmail.isPending
            ? "Cargando..."
            : signInEmail.isError
              ? "No se pudo cargar"
              : signInEmail.data.email}
          {signInEmail.data && !signInEmail.data.custom && (
            <span className="ml-2 font-normal text-stone-600">(el correo de contacto)</span>
          )}
        </p>
      </div>
      {editing && signInEmail.data ? (
        <SignInEmailForm
          merchantId={merchantId}
          current={signInEmail.data.email}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => sendLink.mutate()}
            disabled={sendLink.isPending || !signInEmail.data}
          >
            <Send aria-hidden />
            {sendLink.isPending ? "Enviando..." : "Enviar enlace de acceso"}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setEditing(true)}
            disabled={!signInEmail.data}
          >
            Cambiar correo de acceso
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setShowAudit((v) => !v)}
            aria-expanded={showAudit}
          >
            <History aria-hidden />
            {showAudit ? "Ocultar historial" : "Ver historial de cambios"}
          </Button>
        </div>
      )}
      {showAudit && <AuditLog merchantId={merchantId} />}
    </section>
  );
}

function SignInEmailForm({
  merchantId,
  current,
  onDone,
}: {
  merchantId: number;
  current: string;
  onDone: () => void;
}) {
  const id = useId();
  const change = useChangeSignInEmail(merchantId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(signInEmailSchema),
    defaultValues: { email: current },
  });
  const submit = handleSubmit((data) =>
    change.mutate(data.email, {
      onSuccess: onDone,
      onError: (error) =>
        setError("email", {
          message:
            (error instanceof ApiError && error.serverMessage) ||
            "No se pudo cambiar el correo de acceso",
        }),
    }),
  );
  const error = errors.email?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2">
      <FormField
        id={`${id}-email`}
        label="Nuevo correo de acceso"
        error={error}
        hint="Los enlaces para entrar al portal llegarán a este correo."
      >
        <Input
          {...fieldA11y(`${id}-email`, error, true, true)}
          type="email"
          autoComplete="off"
          {...register("email")}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {change.isPending ? "Guardando..." : "Guardar correo"}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone} disabled={change.isPending}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

function AuditLog({ merchantId }: { merchantId: number }) {
  const audit = useMerchantAudit(merchantId);
  if (audit.isPending) return <p className="text-sm text-stone-600">Cargando historial...</p>;
  if (audit.isError) return <p className="text-sm text-red-700">No se pudo cargar el historial.</p>;
  if (audit.data.length === 0)
    return <p className="text-sm text-stone-600">Aún no hay cambios registrados.</p>;
  return (
    <ol aria-label="Historial de cambios" className="grid gap-2 text-sm">
      {audit.data.map((entry) => (
        <li key={entry.id} className="rounded-md border border-stone-200 p-2">
          <p className="flex flex-wrap items-center gap-2">
            <time dateTime={entry.createdAt} className="text-stone-600">
              {formatLongDateTime(entry.createdAt)}
            </time>
            <Badge variant={entry.actorRole === "admin" ? "secondary" : "default"}>
              {entry.actorRole === "admin" ? "Administrador" : "Comercio"}
            </Badge>
            <span className="break-all text-stone-800">{entry.actor}</span>
          </p>
          <p className="mt-1 text-stone-900">{entry.summary}</p>
        </li>
      ))}
    </ol>
  );
}
