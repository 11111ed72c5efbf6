import { Check, Eye, Mail, MapPin, Phone, X } from "lucide-react";
import { useState } from "react";
import type { AdminMerchantDto } from "../../../shared/api-types";
import { useAdminCategories } from "../../lib/admin-categories-api";
import { useApproveMerchant, usePendingMerchants } from "../../lib/admin-merchants-api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ContactLines } from "./contact-lines";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { MerchantDetailsDialog } from "./merchant-details-dialog";
import { ListPager, ListSearch } from "./list-paging";
import { RejectDialog } from "./reject-dialog";
import { useListPaging } from "./use-list-paging";

/** Tab 1, 'Solicitudes pendientes': approve or reject the merchants waiting for review. */
export function PendingTab() {
  const paging = useListPaging();
  const pending = usePendingMerchants(paging.params);
  const categories = useAdminCategories();
  const approve = useApproveMerchant();
  const [details, setDetails] = useState<AdminMerchantDto | null>(null);
  const [rejecting, setRejecting] = useState<AdminMerchantDto | null>(null);

  const page = pending.data;
  const shown = page?.items ?? [];

  return (
    <section aria-labelledby="pending-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="pending-heading" className="text-lg font-semibold text-stone-900">
          Solicitudes pendientes{page ? ` (${page.total})` : ""}
        </h2>
        <ListSearch paging={paging} label="Buscar solicitud" className="w-full sm:w-72" />
      </div>
      {pending.isPending ? (
        <ListLoading />
      ) : pending.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList
          text={
            paging.q
              ? "Ninguna solicitud coincide con la búsqueda"
              : "No hay solicitudes pendientes"
          }
        />
      ) : null}
      <ul className="grid gap-4 lg:grid-cols-2" aria-busy={pending.isPlaceholderData}>
        {shown.map((merchant) => {
          const busy = approve.isPending && approve.variables === merchant.id;
          return (
            <li key={merchant.id}>
              <Card
                className="flex h-full flex-col gap-3 p-4"
                aria-labelledby={`pending-${merchant.id}`}
                role="article"
              >
                <h3
                  id={`pending-${merchant.id}`}
                  className="text-base font-semibold break-words text-stone-900"
                >
                  {merchant.name}
                </h3>
                <ContactLines
                  lines={[
                    { icon: Mail, label: "Correo", value: merchant.email, breakAll: true },
                    { icon: MapPin, label: "Dirección", value: merchant.address },
                    { icon: Phone, label: "Teléfono", value: merchant.phone },
                  ]}
                />
                <p className="line-clamp-3 text-sm whitespace-pre-line text-stone-800">
                  {merchant.description}
                </p>
                <div className="mt-auto flex flex-wrap gap-2 pt-1">
                  <Button variant="outline" size="sm" onClick={() => setDetails(merchant)}>
                    <Eye aria-hidden />
                    Ver detalles
                  </Button>
                  <Button size="sm" disabled={busy} onClick={() => approve.mutate(merchant.id)}>
                    <Check aria-hidden />
                    {busy ? "Aprobando..." : "Aprobar"}
                  </Button>
                  <Button variant="destructive" size="sm" onClick={() => setRejecting(merchant)}>
                    <X aria-hidden />
                    Rechazar
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      {page && (
        <ListPager paging={paging} total={page.total} shown={shown.length} noun="solicitudes" />
      )}
      <MerchantDetailsDialog
        merchant={details}
        categories={categories.data ?? []}
        onOpenChange={(open) => !open && setDetails(null)}
      />
      <RejectDialog merchant={rejecting} onOpenChange={(open) => !open && setRejecting(null)} />
    </section>
  );
}
