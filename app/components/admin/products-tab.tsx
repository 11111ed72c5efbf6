import { FileSpreadsheet } from "lucide-react";
import { useId, useState } from "react";
import { useAdminCategories } from "../../lib/admin-categories-api";
import { useMerchantOptions } from "../../lib/admin-merchants-api";
import { useAdminProducts, useDeleteProduct } from "../../lib/admin-products-api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { CatalogUploadDialog } from "./catalog-upload-dialog";
import { ProductForm } from "./product-form";
import { ProductList } from "./product-list";
import { useListPaging } from "./use-list-paging";

/** Tab 5, 'Productos': add a product for any merchant, upload a catalogue, edit and delete. */
export function ProductsTab() {
  const id = useId();
  const merchants = useMerchantOptions();
  const categories = useAdminCategories();
  const paging = useListPaging();
  const [merchantFilter, setMerchantFilter] = useState("");
  const products = useAdminProducts({ merchantId: merchantFilter, ...paging.params });
  const remove = useDeleteProduct();
  const [uploading, setUploading] = useState(false);

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

      <section aria-labelledby={`${id}-heading`}>
        <ProductList
          products={products}
          paging={paging}
          categories={categories.data ?? []}
          remove={remove}
          emptyText="No hay productos registrados"
          heading={
            <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
              Productos{products.data ? ` (${products.data.total})` : ""}
            </h2>
          }
          filters={
            <div>
              <Label htmlFor={`${id}-merchant`} className="sr-only">
                Filtrar por comercio
              </Label>
              <NativeSelect
                id={`${id}-merchant`}
                value={merchantFilter}
                onChange={(event) => {
                  setMerchantFilter(event.target.value);
                  paging.resetPage();
                }}
              >
                <option value="">Todos los comercios</option>
                {(merchants.data ?? []).map((merchant) => (
                  <option key={merchant.id} value={merchant.id}>
                    {merchant.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          }
        />
      </section>

      <CatalogUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        merchants={merchants.data ?? []}
      />
    </div>
  );
}
