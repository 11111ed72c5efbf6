import { Plus } from "lucide-react";
import { useState } from "react";
import type { CategoryDto } from "../../../shared/api-types";
import {
  useDeletePortalProduct,
  usePortalMerchant,
  usePortalProducts,
  useSetPortalProductActive,
  useSetPortalProductStock,
} from "../../lib/merchant-api";
import { ProductForm } from "../admin/product-form";
import { ProductList } from "../admin/product-list";
import { useListPaging } from "../admin/use-list-paging";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ProductsUpload } from "./products-upload";
import { plural } from "../../../shared/plural";

/** 'Productos': the merchant's own products, inactive ones too; add, edit, hide, delete. */
export function ProductsTab({ merchantId }: { merchantId: number }) {
  const paging = useListPaging();
  const products = usePortalProducts(merchantId, paging.params);
  const remove = useDeletePortalProduct(merchantId);
  const setActive = useSetPortalProductActive(merchantId);
  const setStock = useSetPortalProductStock(merchantId);
  const merchant = usePortalMerchant(merchantId);
  const categories = useQuery<CategoryDto[]>({ queryKey: ["/api/categories"] });
  const [adding, setAdding] = useState(false);
  const soldOut = (products.data?.items ?? []).filter((p) => p.isActive && !p.available).length;

  return (
    <div className="grid gap-4">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-stone-900">Productos</h2>
          <div className="flex flex-wrap gap-2">
            <ProductsUpload merchantId={merchantId} />
            <Button
              variant={adding ? "outline" : "default"}
              onClick={() => setAdding((v) => !v)}
              aria-expanded={adding}
            >
              <Plus aria-hidden />
              Agregar producto
            </Button>
          </div>
        </div>
        {adding && (
          <div className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-4">
            <h3 className="mb-3 font-semibold text-stone-900">Nuevo producto</h3>
            <ProductForm
              mode="create"
              merchantId={merchantId}
              defaultCategoryId={merchant.data?.categoryId}
              categories={categories.data ?? []}
              onDone={() => setAdding(false)}
              onCancel={() => setAdding(false)}
            />
          </div>
        )}
      </Card>
      <ProductList
        products={products}
        paging={paging}
        categories={categories.data ?? []}
        remove={remove}
        setActive={setActive}
        setStock={setStock}
        showMerchant={false}
        emptyText="Aún no tienes productos. Agrega el primero."
        deleteNote="Si solo quieres ocultarlo por un tiempo, usa «Desactivar»."
        heading={
          <p className="text-sm text-stone-700">
            {products.data &&
              `${products.data.total} ${plural(products.data.total, "producto", "productos")}`}
            {/* Issue 36: what sold out, where the merchant looks first. */}
            {soldOut > 0 && (
              <span className="font-medium text-red-700">
                {` · ${soldOut} ${plural(soldOut, "agotado", "agotados")} en esta página`}
              </span>
            )}
          </p>
        }
      />
    </div>
  );
}
