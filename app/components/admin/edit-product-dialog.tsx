import type { CategoryDto, ProductDto } from "../../../shared/api-types";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { WIDE_DIALOG } from "./dialog-layout";
import { ProductForm } from "./product-form";

/** 'Editar Producto': name, price, category, description and images. */
export function EditProductDialog({
  product,
  categories,
  onOpenChange,
}: {
  product: ProductDto | null;
  categories: CategoryDto[];
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={product !== null} onOpenChange={onOpenChange}>
      <DialogContent className={WIDE_DIALOG}>
        <DialogHeader>
          <DialogTitle>Editar Producto</DialogTitle>
          <DialogDescription>
            {product ? `${product.name} · ${product.merchantName}` : ""}
          </DialogDescription>
        </DialogHeader>
        {product && (
          <ProductForm
            key={product.id}
            mode="edit"
            product={product}
            categories={categories}
            onDone={close}
            onCancel={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
