import type { UseQueryResult } from "@tanstack/react-query";
import { Eye, EyeOff, PackageCheck, PackageX, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { CategoryDto, ProductDto } from "../../../shared/api-types";
import { formatPrice } from "../../../shared/money";
import type { ListPage } from "../../lib/back-office-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { EditProductDialog } from "./edit-product-dialog";
import { ListPager, ListSearch } from "./list-paging";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { Thumbnail } from "./thumbnail";
import type { ListPaging } from "./use-list-paging";

/**
 * A page of products with their search box and page buttons, edit and delete (issue 13):
 * the admin's products tab and a merchant's products dialog, and the merchant portal's
 * products tab, each with its own page (`products`, read with `paging.params`) and writes
 * (`remove`, the portal's `setActive`). Searching goes back to page 1; a write reloads the page.
 */
export function ProductList({
  products,
  paging,
  categories,
  remove,
  setActive,
  setStock,
  showMerchant = true,
  filters,
  heading,
  emptyText,
  deleteNote,
}: {
  products: UseQueryResult<ListPage<ProductDto>>;
  paging: ListPaging;
  categories: CategoryDto[];
  remove: { isPending: boolean; mutate: (id: number, options: { onSettled: () => void }) => void };
  /** Issue 36: the portal's 'Marcar agotado' / 'Hay de nuevo' and the count. */
  setStock?: {
    isPending: boolean;
    variables?: { product: ProductDto };
    mutate: (input: { product: ProductDto; soldOut?: boolean; stock?: number | null }) => void;
  };
  /** The portal's 'Desactivar' / 'Reactivar'. */
  setActive?: {
    isPending: boolean;
    variables?: { product: ProductDto };
    mutate: (input: { product: ProductDto; isActive: boolean }) => void;
  };
  showMerchant?: boolean;
  /** More filters beside the search box (the admin's merchant). */
  filters?: ReactNode;
  heading?: ReactNode;
  /** Said when there are no products at all (no search). */
  emptyText: string;
  deleteNote?: string;
}) {
  const [editing, setEditing] = useState<ProductDto | null>(null);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.name;
  const page = products.data;
  const shown = page?.items ?? [];

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        {heading}
        <div className={filters ? "grid gap-2 sm:grid-cols-2 md:w-[32rem]" : "w-full md:w-72"}>
          {filters}
          <ListSearch paging={paging} label="Buscar producto" />
        </div>
      </div>
      {products.isPending ? (
        <ListLoading rows={2} />
      ) : products.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList text={paging.q ? "Ningún producto coincide con la búsqueda" : emptyText} />
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
          aria-busy={products.isPlaceholderData}
        >
          {shown.map((product) => {
            const toggling = setActive?.isPending && setActive.variables?.product.id === product.id;
            return (
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
                        {setActive ? "Inactivo: no se muestra al público" : "Inactivo"}
                      </Badge>
                    )}
                    <StockBadge product={product} />
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
                  {setStock && <StockControls product={product} setStock={setStock} />}
                  {setActive && (
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
                  )}
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
      )}
      {page && (
        <ListPager paging={paging} total={page.total} shown={shown.length} noun="productos" />
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
            reseñas.{deleteNote ? ` ${deleteNote}` : ""}
          </p>
        }
      />
    </div>
  );
}

/** Issue 36: 'Agotado', or how many are left when counted ('3 disponibles'). */
function StockBadge({ product }: { product: ProductDto }) {
  if (product.soldOut || (product.isActive && !product.available)) {
    return (
      <Badge variant="destructive" className="mt-1 ml-1">
        Agotado
      </Badge>
    );
  }
  const outVariants = product.variants.filter((v) => !v.available).map((v) => v.name);
  if (outVariants.length > 0) {
    return (
      <Badge variant="warning" className="mt-1 ml-1">
        Agotado: {outVariants.join(", ")}
      </Badge>
    );
  }
  const counted = product.variants.length > 0 ? null : product.stock;
  if (counted === null) return null;
  return (
    <Badge variant="outline" className="mt-1 ml-1">
      {counted} {counted === 1 ? "disponible" : "disponibles"}
    </Badge>
  );
}

/**
 * The portal's one tap ('Marcar agotado' / 'Hay de nuevo') and, for a product without
 * variants, its count, saved on Enter or when the field is left.
 */
function StockControls({
  product,
  setStock,
}: {
  product: ProductDto;
  setStock: NonNullable<Parameters<typeof ProductList>[0]["setStock"]>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const busy = setStock.isPending && setStock.variables?.product.id === product.id;
  const out = product.soldOut || product.stock === 0;
  const saveCount = () => {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    const stock = text === "" ? null : Number(text);
    if (stock !== null && !(Number.isInteger(stock) && stock >= 0)) return;
    if (stock !== product.stock) setStock.mutate({ product, stock });
  };
  return (
    <>
      {product.variants.length === 0 && (
        <Input
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          placeholder="Sin contar"
          aria-label={`Existencias de ${product.name}`}
          className="h-9 w-24"
          disabled={busy}
          value={draft ?? (product.stock === null ? "" : String(product.stock))}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={saveCount}
          onKeyDown={(event) => {
            if (event.key === "Enter") saveCount();
          }}
        />
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() =>
          setStock.mutate(
            out
              ? // 'Hay de nuevo': no longer marked, and a count of 0 is no longer counted.
                { product, soldOut: false, ...(product.stock === 0 ? { stock: null } : {}) }
              : { product, soldOut: true },
          )
        }
        aria-label={`${out ? "Hay de nuevo" : "Marcar agotado"}: ${product.name}`}
      >
        {out ? <PackageCheck aria-hidden /> : <PackageX aria-hidden />}
        {out ? "Hay de nuevo" : "Marcar agotado"}
      </Button>
    </>
  );
}
