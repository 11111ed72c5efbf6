import { useId, useState, type FormEvent } from "react";
import { formatLongDateTime } from "../../../shared/dates";
import {
  PERSONAL_DATA_ACTION_LABELS,
  PERSONAL_DATA_EMAIL_MESSAGE,
  PERSONAL_DATA_PHONE_MESSAGE,
  phoneKey,
} from "../../../shared/personal-data";
import { countLabel } from "../../../shared/plural";
import { serverMessage } from "../../lib/back-office-api";
import {
  type PersonalDataCountsDto,
  type PersonalDataRequestDto,
  type PersonalDataSearch,
  useErasePersonalData,
  useExportPersonalData,
  usePersonalDataRequests,
} from "../../lib/admin-personal-data-api";
import { toast } from "../../lib/toast";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { ConfirmDialog } from "./confirm-dialog";
import { ListPager } from "./list-paging";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { useListPaging } from "./use-list-paging";

/** What the erasure's answer says, in words. */
export function countsText(counts: PersonalDataCountsDto): string {
  return [
    countLabel(counts.orders, "pedido", "pedidos"),
    countLabel(counts.reviews, "reseña", "reseñas"),
    countLabel(counts.notices, "aviso", "avisos"),
    countLabel(counts.consents, "consentimiento", "consentimientos"),
  ].join(", ");
}

/** The typed key's own problem, before any request (the server checks it again). */
function problemOf(search: PersonalDataSearch): string | null {
  const value = search.value.trim();
  if (search.kind === "phone") return phoneKey(value) ? null : PERSONAL_DATA_PHONE_MESSAGE;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : PERSONAL_DATA_EMAIL_MESSAGE;
}

/**
 * 'Datos personales' (issue 37): an administrator answers a person's request by e-mail or
 * phone — 'Exportar (JSON)' downloads everything held about them, 'Eliminar datos' erases it
 * after a confirmation that says what goes and what stays — and sees the recent requests.
 */
export function PersonalDataTab() {
  const id = useId();
  const [kind, setKind] = useState<PersonalDataSearch["kind"]>("email");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<{ key: string; counts: PersonalDataCountsDto } | null>(null);
  const exporter = useExportPersonalData();
  const eraser = useErasePersonalData();
  const search: PersonalDataSearch = { kind, value: value.trim() };

  const checked = () => {
    const found = problemOf(search);
    setProblem(found);
    return found === null;
  };

  const onExport = (event: FormEvent) => {
    event.preventDefault();
    if (!checked()) return;
    exporter.mutate(search, {
      onSuccess: (file) => toast({ title: "Datos exportados", description: file }),
      onError: (error) =>
        toast({
          title: "Error",
          description: serverMessage(error, "No se pudieron exportar los datos"),
          variant: "destructive",
        }),
    });
  };

  const onErase = () =>
    eraser.mutate(search, {
      onSuccess: (counts) => {
        setConfirming(false);
        setErased({ key: search.value, counts });
        toast({ title: "Datos eliminados", description: countsText(counts) });
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: "Error",
          description: serverMessage(error, "No se pudieron eliminar los datos"),
          variant: "destructive",
        });
      },
    });

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-6">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          Datos personales
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Responde la solicitud de una persona (Ley para la Protección de Datos Personales): exporta
          todo lo que Tiangue guarda de ella o elimínalo. Cada solicitud queda registrada abajo.
        </p>
      </div>
      <Card className="grid gap-4 p-4 sm:p-5">
        <form onSubmit={onExport} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <div>
            <Label htmlFor={`${id}-kind`}>Buscar por</Label>
            <NativeSelect
              id={`${id}-kind`}
              className="mt-1"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as PersonalDataSearch["kind"]);
                setProblem(null);
              }}
            >
              <option value="email">Correo</option>
              <option value="phone">Teléfono</option>
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor={`${id}-value`}>{kind === "email" ? "Correo" : "Teléfono"}</Label>
            <Input
              id={`${id}-value`}
              className="mt-1"
              type={kind === "email" ? "email" : "tel"}
              autoComplete="off"
              placeholder={kind === "email" ? "persona@ejemplo.com" : "7000-0000"}
              value={value}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => {
                setValue(event.target.value);
                setProblem(null);
              }}
            />
            {problem && (
              <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={exporter.isPending}>
              {exporter.isPending ? "Exportando..." : "Exportar (JSON)"}
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={eraser.isPending}
              onClick={() => checked() && setConfirming(true)}
            >
              Eliminar datos
            </Button>
          </div>
        </form>
        {erased && (
          <p role="status" className="text-sm text-stone-700">
            Se eliminaron los datos de <strong>{erased.key}</strong>: {countsText(erased.counts)}.
          </p>
        )}
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Eliminar los datos de esta persona?"
        description={
          <>
            En todos los pedidos de <strong>{search.value}</strong>, el nombre, el correo, el
            teléfono, el WhatsApp y la dirección pasarán a «Datos eliminados»; sus reseñas mostrarán
            «Cliente»; terminan sus consentimientos y los enlaces de sus pedidos, y se cancelan los
            avisos pendientes. Los montos, las líneas y la contabilidad de los comercios se
            conservan. No se puede deshacer.
          </>
        }
        confirmLabel={eraser.isPending ? "Eliminando..." : "Eliminar datos"}
        destructive
        pending={eraser.isPending}
        onConfirm={onErase}
      />
      <RequestLog />
    </section>
  );
}

function RequestLog() {
  const id = useId();
  const paging = useListPaging();
  const requests = usePersonalDataRequests(paging.params);
  const page = requests.data;
  const shown = page?.items ?? [];
  return (
    <section aria-labelledby={`${id}-log`} className="grid gap-4">
      <h3 id={`${id}-log`} className="font-semibold text-stone-900">
        Solicitudes recientes
      </h3>
      {requests.isPending ? (
        <ListLoading />
      ) : requests.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList text="Aún no hay solicitudes registradas" />
      ) : (
        <ul className="grid gap-3" aria-busy={requests.isPlaceholderData}>
          {shown.map((entry) => (
            <li key={entry.id}>
              <RequestCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
      {page && (
        <ListPager paging={paging} total={page.total} shown={shown.length} noun="solicitudes" />
      )}
    </section>
  );
}

function RequestCard({ entry }: { entry: PersonalDataRequestDto }) {
  return (
    <Card className="grid gap-1 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={entry.action === "export" ? "secondary" : "warning"}>
          {PERSONAL_DATA_ACTION_LABELS[entry.action]}
        </Badge>
        <span className="font-medium text-stone-900">
          {entry.key ? entry.key.value : "Pedidos terminados hace más del plazo de conservación"}
        </span>
      </div>
      <p className="text-stone-600">
        {formatLongDateTime(entry.createdAt)} · por {entry.actor} ·{" "}
        {countLabel(entry.rows, "fila", "filas")} ({countsText(entry.counts)})
      </p>
    </Card>
  );
}
