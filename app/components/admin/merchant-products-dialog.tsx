import { FileSpreadsheet, Plus } from "lucide-react";
import { useState } from "react";
import type { AdminMerchantDto } from "../../../shared/api-types";
import { useAdminCategories } from "../../lib/admin-categories-api";
import { useAdminProducts, useDeleteProduct } from "../../lib/admin-products-api";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { CatalogUploadDialog } from "./catalog-upload-dialog";
import { EXTRA_WIDE_DIALOG } from "./dialog-layout";
import { ProductForm } from "./product-form";
import { ProductList } from "./product-list";
import { useListPaging } from "./use-list-paging";
import { plural } from "../../../shared/plural";

/** The products of one merchant (inactive ones too): list, add one, or upload a catalogue. */
export function MerchantProductsDialog({
  merchant,
  onOpenChange,
}: {
  merchant: AdminMerchantDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={merchant !== null} onOpenChange={onOpenChange}>
      <DialogContent className={EXTRA_WIDE_DIALOG}>
        <DialogHeader>
          <DialogTitle>Productos de {merchant?.name}</DialogTitle>
          <DialogDescription>
            Todos los productos del comercio, también los inactivos.
          </DialogDescription>
        </DialogHeader>
        {merchant && <MerchantProducts key={merchant.id} merchant={merchant} />}
      </DialogContent>
    </Dialog>
  );
}

function MerchantProducts({ merchant }: { merchant: AdminMerchantDto }) {
  const paging = useListPaging();
  const products = useAdminProducts({ merchantId: merchant.id, ...paging.params });
  const categories = useAdminCategories();
  const remove = useDeleteProduct();
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Button
          variant={adding ? "outline" : "default"}
          onClick={() => setAdding((v) => !v)}
          aria-expanded={adding}
        >
          <Plus aria-hidden />
          Agregar producto
        </Button>
        <Button variant="outline" onClick={() => setUploading(true)}>
          <FileSpreadsheet aria-hidden />
          Subir Catálogo de Productos
        </Button>
      </div>
      {adding && (
        <div className="rounded-lg border border-stone-200 bg-stone-50 p-4">
          <h3 className="mb-3 font-semibold text-stone-900">Nuevo producto</h3>
          <ProductForm
            mode="create"
            merchantId={merchant.id}
            defaultCategoryId={merchant.categoryId}
            categories={categories.data ?? []}
            onDone={() => setAdding(false)}
            onCancel={() => setAdding(false)}
          />
        </div>
      )}
      <ProductList
        products={products}
        paging={paging}
        categories={categories.data ?? []}
        remove={remove}
        showMerchant={false}
        emptyText="Este comercio aún no tiene productos."
        heading={
          <p className="text-sm text-stone-700">
            {products.data &&
              `${products.data.total} ${plural(products.data.total, "producto", "productos")}`}
          </p>
        }
      />
      <CatalogUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        merchants={[merchant]}
        merchantId={merchant.id}
      />
    </div>
  );
}
