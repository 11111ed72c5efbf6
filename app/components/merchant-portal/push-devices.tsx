import { BellRing, Smartphone } from "lucide-react";
import { useId, useState } from "react";
import { formatLongDate, formatLongDateTime } from "../../../shared/dates";
import { PUSH_ENABLE_LABEL } from "../../../shared/notices";
import { serverMessage } from "../../lib/back-office-api";
import {
  type PushDeviceDto,
  useEnablePush,
  usePushDevices,
  useRemovePushDevice,
  useThisBrowserEndpoint,
} from "../../lib/merchant-notices-api";
import { useHydrated } from "../../lib/use-hydrated";
import { PushPermissionError, pushSupported } from "../../lib/web-push";
import { EmptyList, ListError, ListLoading } from "../admin/list-states";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

export const PUSH_UNSUPPORTED_TEXT =
  "Este navegador no puede recibir notificaciones. En iPhone o iPad, primero agrega el portal a tu pantalla de inicio (botón Compartir, «Agregar a inicio») y ábrelo desde allí; en Android, usa Chrome, Edge o Firefox.";
export const PUSH_BLOCKED_TEXT =
  "Las notificaciones están bloqueadas para Tiangue en este navegador. Permítelas en sus ajustes y vuelve a intentarlo.";

/** Whether the browser already refused notifications to this site. */
const blocked = () => typeof Notification !== "undefined" && Notification.permission === "denied";

/**
 * The notifications part of 'Avisos' (issue 35): 'Activar avisos en este teléfono' where the
 * browser supports Web Push, and the devices that receive them ('Este teléfono' is this
 * browser's subscription), each with 'Quitar'.
 */
export function PushSection({ merchantId, publicKey }: { merchantId: number; publicKey: string }) {
  const id = useId();
  // Known only in the browser: the server's HTML says nothing either way.
  const hydrated = useHydrated();
  const supported = hydrated && pushSupported();
  const devices = usePushDevices(merchantId);
  const mine = useThisBrowserEndpoint();
  const enable = useEnablePush(merchantId);
  const remove = useRemovePushDevice(merchantId);
  const [problem, setProblem] = useState<string>();
  const listed = devices.data ?? [];
  const thisOneListed = Boolean(mine.data) && listed.some((d) => d.endpoint === mine.data);

  const activate = () => {
    setProblem(undefined);
    enable.mutate(publicKey, {
      onError: (error) =>
        setProblem(
          error instanceof PushPermissionError
            ? PUSH_BLOCKED_TEXT
            : serverMessage(error, "No se pudieron activar los avisos en este teléfono."),
        ),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h3 id={`${id}-heading`} className="font-semibold text-stone-900">
        Notificaciones en tus teléfonos
      </h3>
      {!hydrated ? null : !supported ? (
        <p role="note" className="rounded-md bg-maiz-100 p-3 text-sm text-amber-900">
          {PUSH_UNSUPPORTED_TEXT}
        </p>
      ) : thisOneListed ? (
        <p className="flex items-center gap-2 text-sm text-green-800">
          <BellRing aria-hidden className="size-4" />
          Este teléfono ya recibe los avisos de tus pedidos.
        </p>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-stone-700">
            Recibe una notificación por cada pedido nuevo aunque el portal esté cerrado. Tu
            navegador te pedirá permiso.
          </p>
          <Button onClick={activate} disabled={enable.isPending} className="justify-self-start">
            <BellRing aria-hidden />
            {enable.isPending ? "Activando..." : PUSH_ENABLE_LABEL}
          </Button>
          {(problem ?? (blocked() ? PUSH_BLOCKED_TEXT : undefined)) && (
            <p role="alert" className="text-sm text-red-700">
              {problem ?? PUSH_BLOCKED_TEXT}
            </p>
          )}
        </div>
      )}
      {devices.isPending ? (
        <ListLoading rows={1} />
      ) : devices.isError ? (
        <ListError />
      ) : listed.length === 0 ? (
        <EmptyList text="Ningún teléfono recibe avisos todavía." />
      ) : (
        <ul className="grid gap-2" aria-label="Dispositivos con avisos">
          {listed.map((device) => (
            <li key={device.id}>
              <DeviceRow
                device={device}
                isThisBrowser={device.endpoint === mine.data}
                removing={remove.isPending && remove.variables?.id === device.id}
                onRemove={() => remove.mutate(device)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceRow({
  device,
  isThisBrowser,
  removing,
  onRemove,
}: {
  device: PushDeviceDto;
  isThisBrowser: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <article
      aria-labelledby={`${id}-label`}
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-stone-200 p-3"
    >
      <div className="flex min-w-0 items-start gap-2">
        <Smartphone aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-600" />
        <div className="min-w-0">
          <p id={`${id}-label`} className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words text-stone-900">{device.label}</span>
            {isThisBrowser && <Badge variant="success">Este teléfono</Badge>}
          </p>
          <p className="text-xs text-stone-600">
            Agregado el <time dateTime={device.createdAt}>{formatLongDate(device.createdAt)}</time>
            {" · "}
            {device.lastUsedAt ? (
              <>
                último aviso el{" "}
                <time dateTime={device.lastUsedAt}>{formatLongDateTime(device.lastUsedAt)}</time>
              </>
            ) : (
              "aún sin avisos"
            )}
          </p>
        </div>
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={onRemove}
        disabled={removing}
        aria-label={`Quitar ${isThisBrowser ? "este teléfono" : device.label}`}
      >
        {removing ? "Quitando..." : "Quitar"}
      </Button>
    </article>
  );
}
