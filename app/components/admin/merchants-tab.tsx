import { Eye, Mail, MapPin, Package, Pencil, Phone, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { AdminMerchantDto } from "../../../shared/api-types";
import { useAdminCategories } from "../../lib/admin-categories-api";
import { useAdminMerchants } from "../../lib/admin-merchants-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { DeleteMerchantFlow } from "./delete-merchant-flow";
import { EditMerchantDialog } from "./edit-merchant-dialog";
import { ContactLines } from "./contact-lines";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { MerchantDetailsDialog } from "./merchant-details-dialog";
import { MerchantProductsDialog } from "./merchant-products-dialog";
import { ListPager, ListSearch } from "./list-paging";
import { useListPaging } from "./use-list-paging";
import { MerchantStatusBadge } from "./status-badge";
import { plural } from "../../../shared/plural";

/** Tab 2, 'Comercios': every merchant with its status; details, edit, products and delete. */
export function MerchantsTab() {
  const id = useId();
  const paging = useListPaging();
  // Issue 37: 'Sin datos legales', the approved merchants without razón social or NIT/DUI.
  const [missingLegal, setMissingLegal] = useState(false);
  const merchants = useAdminMerchants({
    ...paging.params,
    legal: missingLegal ? "missing" : undefined,
  });
  const categories = useAdminCategories();
  const [details, setDetails] = useState<AdminMerchantDto | null>(null);
  const [editing, setEditing] = useState<AdminMerchantDto | null>(null);
  const [productsOf, setProductsOf] = useState<AdminMerchantDto | null>(null);
  const [deleting, setDeleting] = useState<AdminMerchantDto | null>(null);

  const page = merchants.data;
  const shown = page?.items ?? [];

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          Comercios{page ? ` (${page.total})` : ""}
        </h2>
        <div className="flex flex-col gap-2 sm:items-end">
          <ListSearch paging={paging} label="Buscar comercio" className="w-full sm:w-72" />
          <label className="flex items-center gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              checked={missingLegal}
              onChange={(event) => {
                setMissingLegal(event.target.checked);
                paging.resetPage();
              }}
              className="size-4"
            />
            Solo aprobados sin datos legales
          </label>
        </div>
      </div>
      {merchants.isPending ? (
        <ListLoading />
      ) : merchants.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList
          text={
            missingLegal
              ? "Todos los comercios aprobados tienen su razón social y su NIT o DUI"
              : paging.q
                ? "Ningún comercio coincide con la búsqueda"
                : "No hay comercios registrados"
          }
        />
      ) : null}
      <ul className="grid gap-4 lg:grid-cols-2" aria-busy={merchants.isPlaceholderData}>
        {shown.map((merchant) => (
          <li key={merchant.id}>
            <Card
              role="article"
              aria-labelledby={`${id}-m${merchant.id}`}
              className="flex h-full flex-col gap-3 p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3
                  id={`${id}-m${merchant.id}`}
                  className="text-base font-semibold break-words text-stone-900"
                >
                  {merchant.name}
                </h3>
                <span className="flex flex-wrap gap-1">
                  <MerchantStatusBadge status={merchant.status} />
                  {!merchant.isActive && <Badge variant="secondary">Inactivo</Badge>}
                  {merchant.status === "approved" && (!merchant.legalName || !merchant.taxId) && (
                    <Badge
                      variant="outline"
                      title="Falta la razón social o el NIT/DUI que pide la ley"
                    >
                      Sin datos legales
                    </Badge>
                  )}
                </span>
              </div>
              <ContactLines
                lines={[
                  { icon: Mail, label: "Correo", value: merchant.email, breakAll: true },
                  {
                    icon: Phone,
                    label: "Teléfono",
                    value: (
                      <>
                        {merchant.phone}
                        {merchant.whatsapp && ` · WhatsApp ${merchant.whatsapp}`}
                      </>
                    ),
                  },
                  {
                    icon: MapPin,
                    label: "Dirección",
                    value: (
                      <>
                        {merchant.address}
                        {merchant.municipality && `, ${merchant.municipality}`}
                      </>
                    ),
                  },
                ]}
              />
              {merchant.status === "rejected" && merchant.rejectionReason && (
                <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">
                  <span className="font-medium">Razón del rechazo:</span> {merchant.rejectionReason}
                </p>
              )}
              <p className="text-sm text-stone-600">
                {merchant.productCount} {plural(merchant.productCount, "producto", "productos")}
              </p>
              <div className="mt-auto flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setDetails(merchant)}>
                  <Eye aria-hidden />
                  Detalles
                </Button>
                <Button variant="outline" size="sm" onClick={() => setEditing(merchant)}>
                  <Pencil aria-hidden />
                  Editar
                </Button>
                <Button variant="outline" size="sm" onClick={() => setProductsOf(merchant)}>
                  <Package aria-hidden />
                  Productos
                </Button>
                <Button variant="destructive" size="sm" onClick={() => setDeleting(merchant)}>
                  <Trash2 aria-hidden />
                  Eliminar
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {page && (
        <ListPager paging={paging} total={page.total} shown={shown.length} noun="comercios" />
      )}
      <MerchantDetailsDialog
        merchant={details}
        categories={categories.data ?? []}
        onOpenChange={(open) => !open && setDetails(null)}
      />
      <EditMerchantDialog merchant={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <MerchantProductsDialog
        merchant={productsOf}
        onOpenChange={(open) => !open && setProductsOf(null)}
      />
      {deleting && (
        <DeleteMerchantFlow
          key={deleting.id}
          merchant={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
