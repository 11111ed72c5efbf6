import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { CategoryDto, ProductDto } from "../../../shared/api-types";
import { formatPrice } from "../../../shared/money";
import { useDeleteProduct } from "../../lib/admin-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { EditProductDialog } from "./edit-product-dialog";
import { Thumbnail } from "./thumbnail";

const PAGE = 50;

/** Products with edit and delete; long lists show 50 at a time so the page stays light. */
export function ProductList({
  products,
  categories,
  showMerchant = true,
}: {
  products: ProductDto[];
  categories: CategoryDto[];
  showMerchant?: boolean;
}) {
  const [limit, setLimit] = useState(PAGE);
  const [editing, setEditing] = useState<ProductDto | null>(null);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const remove = useDeleteProduct();
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.name;
  const shown = products.slice(0, limit);

  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {shown.map((product) => (
          <li key={product.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <Thumbnail src={product.imageUrl} />
              <div className="min-w-0">
                <p className="font-medium break-words text-stone-900">{product.name}</p>
                <p className="text-sm text-stone-700">
                  {formatPrice(product.price)}
                  {showMerchant && ` · ${product.merchantName}`}
                  {categoryName(product.categoryId) && ` · ${categoryName(product.categoryId)}`}
                </p>
                {!product.isActive && (
                  <Badge variant="secondary" className="mt-1">
                    Inactivo
                  </Badge>
                )}
              </div>
            </div>
            <div className="flex shrink-0 gap-2">
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
        ))}
      </ul>
      {products.length > limit && (
        <div className="flex flex-col items-center gap-2 text-sm text-stone-700">
          <p>
            Mostrando {shown.length} de {products.length} productos
          </p>
          <Button variant="outline" onClick={() => setLimit((n) => n + PAGE)}>
            Ver más
          </Button>
        </div>
      )}
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
            reseñas.
          </p>
        }
      />
    </div>
  );
}
