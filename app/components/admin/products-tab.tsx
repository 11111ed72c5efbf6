import { FileSpreadsheet } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { useAdminCategories, useAdminMerchants, useAdminProducts } from "../../lib/admin-api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { CatalogUploadDialog } from "./catalog-upload-dialog";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { ProductForm } from "./product-form";
import { ProductList } from "./product-list";
import { SearchInput, foldText } from "./search-input";

/** Tab 5, 'Productos': add a product for any merchant, upload a catalogue, edit and delete. */
export function ProductsTab() {
  const id = useId();
  const merchants = useAdminMerchants();
  const categories = useAdminCategories();
  const products = useAdminProducts();
  const [uploading, setUploading] = useState(false);
  const [merchantFilter, setMerchantFilter] = useState("");
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);

  const needle = foldText(deferredQuery.trim());
  const shown = (products.data ?? []).filter(
    (p) =>
      (!merchantFilter || String(p.merchantId) === merchantFilter) &&
      (!needle || foldText(`${p.name} ${p.merchantName}`).includes(needle)),
  );

  return (
    <div className="grid gap-6">
      <Card className="p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-stone-900">Agregar producto</h2>
          <Button variant="outline" onClick={() => setUploading(true)}>
            <FileSpreadsheet aria-hidden />
            Subir Catálogo de Productos
          </Button>
        </div>
        <ProductForm
          mode="create"
          merchants={merchants.data ?? []}
          categories={categories.data ?? []}
        />
      </Card>

      <section aria-labelledby={`${id}-heading`} className="grid gap-3">
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
            Productos{products.data ? ` (${products.data.length})` : ""}
          </h2>
          <div className="grid gap-2 sm:grid-cols-2 md:w-[32rem]">
            <div>
              <Label htmlFor={`${id}-merchant`} className="sr-only">
                Filtrar por comercio
              </Label>
              <NativeSelect
                id={`${id}-merchant`}
                value={merchantFilter}
                onChange={(event) => setMerchantFilter(event.target.value)}
              >
                <option value="">Todos los comercios</option>
                {(merchants.data ?? []).map((merchant) => (
                  <option key={merchant.id} value={merchant.id}>
                    {merchant.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div>
              <Label htmlFor={`${id}-search`} className="sr-only">
                Buscar producto
              </Label>
              <SearchInput
                id={`${id}-search`}
                placeholder="Buscar producto"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
          </div>
        </div>
        {products.isPending ? (
          <ListLoading />
        ) : products.isError ? (
          <ListError />
        ) : products.data.length === 0 ? (
          <EmptyList text="No hay productos registrados" />
        ) : shown.length === 0 ? (
          <EmptyList text="Ningún producto coincide con la búsqueda" />
        ) : (
          <ProductList products={shown} categories={categories.data ?? []} />
        )}
      </section>

      <CatalogUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        merchants={merchants.data ?? []}
      />
    </div>
  );
}
