import { Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { CategoryDto, ProductDto } from "../../../shared/api-types";
import { formatPrice } from "../../../shared/money";
import {
  useDeletePortalProduct,
  usePortalMerchant,
  usePortalProducts,
  useSetPortalProductActive,
} from "../../lib/merchant-api";
import { ConfirmDeleteDialog } from "../admin/confirm-delete-dialog";
import { EditProductDialog } from "../admin/edit-product-dialog";
import { EmptyList, ListError, ListLoading } from "../admin/list-states";
import { ProductForm } from "../admin/product-form";
import { Thumbnail } from "../admin/thumbnail";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ProductsUpload } from "./products-upload";
import { plural } from "../../../shared/plural";

/** 'Productos': the merchant's own products, inactive ones too; add, edit, hide, delete. */
export function ProductsTab({ merchantId }: { merchantId: number }) {
  const products = usePortalProducts(merchantId);
  const merchant = usePortalMerchant(merchantId);
  const categories = useQuery<CategoryDto[]>({ queryKey: ["/api/categories"] });
  const [adding, setAdding] = useState(false);

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
      {products.isPending ? (
        <ListLoading rows={2} />
      ) : products.isError ? (
        <ListError />
      ) : products.data.length === 0 ? (
        <EmptyList text="Aún no tienes productos. Agrega el primero." />
      ) : (
        <PortalProductList
          merchantId={merchantId}
          products={products.data}
          categories={categories.data ?? []}
        />
      )}
    </div>
  );
}

function PortalProductList({
  merchantId,
  products,
  categories,
}: {
  merchantId: number;
  products: ProductDto[];
  categories: CategoryDto[];
}) {
  const [editing, setEditing] = useState<ProductDto | null>(null);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const remove = useDeletePortalProduct(merchantId);
  const setActive = useSetPortalProductActive(merchantId);
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.name;

  return (
    <>
      <p className="text-sm text-stone-700">
        {products.length} {plural(products.length, "producto", "productos")}
      </p>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {products.map((product) => {
          const toggling = setActive.isPending && setActive.variables?.product.id === product.id;
          return (
            <li key={product.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <Thumbnail src={product.imageUrl} />
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">{product.name}</p>
                  <p className="text-sm text-stone-700">
                    {formatPrice(product.price)}
                    {categoryName(product.categoryId) && ` · ${categoryName(product.categoryId)}`}
                  </p>
                  {!product.isActive && (
                    <Badge variant="secondary" className="mt-1">
                      Inactivo: no se muestra al público
                    </Badge>
                  )}
                </div>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(product)}
                  aria-label={`Editar ${product.name}`}
                >
                  <Pencil aria-hidden />
                  Editar
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={toggling}
                  onClick={() => setActive.mutate({ product, isActive: !product.isActive })}
                  aria-label={`${product.isActive ? "Desactivar" : "Reactivar"} ${product.name}`}
                >
                  {product.isActive ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                  {product.isActive ? "Desactivar" : "Reactivar"}
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => setDeleting(product)}
                  aria-label={`Eliminar ${product.name}`}
                >
                  <Trash2 aria-hidden />
                  Eliminar
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <EditProductDialog
        product={editing}
        categories={categories}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="¿Eliminar producto?"
        description={
          <p>
            Esta acción es irreversible: se eliminará <strong>{deleting?.name}</strong> y sus
            reseñas. Si solo quieres ocultarlo por un tiempo, usa «Desactivar».
          </p>
        }
      />
    </>
  );
}
