import { Eye, Mail, MapPin, Package, Pencil, Phone, Trash2 } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import type { AdminMerchantDto } from "../../../shared/api-types";
import { useAdminCategories, useAdminMerchants } from "../../lib/admin-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { DeleteMerchantFlow } from "./delete-merchant-flow";
import { EditMerchantDialog } from "./edit-merchant-dialog";
import { ContactLines } from "./contact-lines";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { MerchantDetailsDialog } from "./merchant-details-dialog";
import { MerchantProductsDialog } from "./merchant-products-dialog";
import { SearchInput, foldText } from "./search-input";
import { MerchantStatusBadge } from "./status-badge";
import { plural } from "../../../shared/plural";

/** Tab 2, 'Comercios': every merchant with its status; details, edit, products and delete. */
export function MerchantsTab() {
  const id = useId();
  const merchants = useAdminMerchants();
  const categories = useAdminCategories();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [details, setDetails] = useState<AdminMerchantDto | null>(null);
  const [editing, setEditing] = useState<AdminMerchantDto | null>(null);
  const [productsOf, setProductsOf] = useState<AdminMerchantDto | null>(null);
  const [deleting, setDeleting] = useState<AdminMerchantDto | null>(null);

  if (merchants.isPending) return <ListLoading />;
  if (merchants.isError) return <ListError />;
  if (merchants.data.length === 0) return <EmptyList text="No hay comercios registrados" />;

  const needle = foldText(deferredQuery.trim());
  const shown = needle
    ? merchants.data.filter((m) => foldText(`${m.name} ${m.email} ${m.address}`).includes(needle))
    : merchants.data;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          Comercios ({merchants.data.length})
        </h2>
        <div className="w-full sm:w-72">
          <Label htmlFor={`${id}-search`} className="sr-only">
            Buscar comercio
          </Label>
          <SearchInput
            id={`${id}-search`}
            placeholder="Buscar comercio"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      {shown.length === 0 && <EmptyList text="Ningún comercio coincide con la búsqueda" />}
      <ul className="grid gap-4 lg:grid-cols-2">
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
