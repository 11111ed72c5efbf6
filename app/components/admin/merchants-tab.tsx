import { Eye, Mail, MapPin, Package, Pencil, Phone, Search, Trash2 } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import type { AdminMerchantDto } from "../../../shared/api-types";
import { stripAccents } from "../../../shared/slug";
import { useAdminCategories, useAdminMerchants } from "../../lib/admin-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { DeleteMerchantFlow } from "./delete-merchant-flow";
import { EditMerchantDialog } from "./edit-merchant-dialog";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { MerchantDetailsDialog } from "./merchant-details-dialog";
import { MerchantProductsDialog } from "./merchant-products-dialog";
import { MerchantStatusBadge } from "./status-badge";

const fold = (text: string) => stripAccents(text).toLowerCase();

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

  const needle = fold(deferredQuery.trim());
  const shown = needle
    ? merchants.data.filter((m) => fold(`${m.name} ${m.email} ${m.address}`).includes(needle))
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
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
            />
            <Input
              id={`${id}-search`}
              type="search"
              className="pl-9"
              placeholder="Buscar comercio"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
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
              <ul className="grid gap-1 text-sm text-stone-700">
                <li className="flex items-start gap-2 break-all">
                  <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
                  <span className="sr-only">Correo: </span>
                  {merchant.email}
                </li>
                <li className="flex items-start gap-2">
                  <Phone aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
                  <span className="sr-only">Teléfono: </span>
                  {merchant.phone}
                  {merchant.whatsapp && ` · WhatsApp ${merchant.whatsapp}`}
                </li>
                <li className="flex items-start gap-2">
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
                  <span className="sr-only">Dirección: </span>
                  {merchant.address}
                  {merchant.municipality && `, ${merchant.municipality}`}
                </li>
              </ul>
              {merchant.status === "rejected" && merchant.rejectionReason && (
                <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">
                  <span className="font-medium">Razón del rechazo:</span> {merchant.rejectionReason}
                </p>
              )}
              <p className="text-sm text-stone-600">
                {merchant.productCount} {merchant.productCount === 1 ? "producto" : "productos"}
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
