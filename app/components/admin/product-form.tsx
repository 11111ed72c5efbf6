import { createContext, useContext, useId, useState, type FormEvent } from "react";
import type { CategoryDto, MerchantOptionDto, ProductDto } from "../../../shared/api-types";
import { DEFAULT_PRODUCT_IMAGE, PRODUCT_IMAGES_MAX } from "../../../shared/limits";
import { parsePrice } from "../../../shared/money";
import { PRICE_MESSAGE } from "../../../shared/schemas/fields";
import { PRODUCT_REQUIRED_MESSAGE } from "../../../shared/schemas/product";
import { productSlug } from "../../../shared/slug";
import { useCreateProduct, useUpdateProduct } from "../../lib/admin-products-api";
import type { ProductPayload } from "../../lib/product-writes";
import { toast } from "../../lib/toast";
import { CategorySelect } from "../forms/category-select";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";
import { fieldA11y, FormField } from "../forms/form-field";
import { MultiImageUpload } from "./multi-image-upload";
import { initialStockDraft, ProductStockFields, stockPayload } from "./product-stock-fields";

/**
 * The two saves behind the form: the admin's routes by default; the merchant portal
 * provides its own (/api/merchant/{id}/products) so it reuses this form as it is.
 */
export interface ProductSaveHooks {
  useCreate: typeof useCreateProduct;
  useUpdate: typeof useUpdateProduct;
}

export const ProductSaveContext = createContext<ProductSaveHooks>({
  useCreate: useCreateProduct,
  useUpdate: useUpdateProduct,
});

export interface ProductFormProps {
  /** 'create' adds a product ('Crear Producto'); 'edit' changes `product` ('Actualizar Producto'). */
  mode: "create" | "edit";
  product?: ProductDto;
  /** Choices of the merchant select (create mode without `merchantId`). */
  merchants?: MerchantOptionDto[];
  categories: CategoryDto[];
  /** Creates for this merchant only: no merchant select (the merchant's products dialog). */
  merchantId?: number;
  /** Category picked when none is chosen yet (the merchant's own). */
  defaultCategoryId?: number;
  onDone?: () => void;
  onCancel?: () => void;
}

/** The gallery of a product as the form edits it: its images, or its own main photo. */
function initialImages(product?: ProductDto): string[] {
  if (!product) return [];
  if (product.images.length > 0) return product.images.slice(0, PRODUCT_IMAGES_MAX);
  return product.imageUrl && product.imageUrl !== DEFAULT_PRODUCT_IMAGE ? [product.imageUrl] : [];
}

/**
 * The admin product form (spec §5): the button stays disabled without merchant, name or
 * price; price has two decimals; with no image the default photo is used.
 */
export function ProductForm({
  mode,
  product,
  merchants = [],
  categories,
  merchantId: fixedMerchantId,
  defaultCategoryId,
  onDone,
  onCancel,
}: ProductFormProps) {
  const id = useId();
  const saves = useContext(ProductSaveContext);
  const create = saves.useCreate();
  const update = saves.useUpdate();
  const [merchantId, setMerchantId] = useState(
    fixedMerchantId ? String(fixedMerchantId) : product ? String(product.merchantId) : "",
  );
  const [name, setName] = useState(product?.name ?? "");
  const [price, setPrice] = useState(product?.price ?? "");
  const [categoryId, setCategoryId] = useState(
    product ? String(product.categoryId) : defaultCategoryId ? String(defaultCategoryId) : "",
  );
  const [description, setDescription] = useState(product?.description ?? "");
  const [images, setImages] = useState<string[]>(() => initialImages(product));
  const [uploading, setUploading] = useState(0);
  // Issue 36: stock, 'Agotado', options and variants.
  const [stock, setStock] = useState(() => initialStockDraft(product));
  const [showErrors, setShowErrors] = useState(false);

  const pending = create.isPending || update.isPending;
  const parsedPrice = parsePrice(price);
  const missing = {
    merchantId: !merchantId,
    name: !name.trim(),
    price: !price.trim(),
    categoryId: !categoryId,
    description: !description.trim(),
  };
  // Spec §5: the button is disabled without merchant, name or price.
  const disabled = missing.merchantId || missing.name || missing.price || pending || uploading > 0;

  const fieldError = (field: keyof typeof missing) =>
    showErrors && missing[field] ? PRODUCT_REQUIRED_MESSAGE : undefined;
  const priceError =
    fieldError("price") ?? (showErrors && parsedPrice === null ? PRICE_MESSAGE : undefined);

  const reset = () => {
    setName("");
    setPrice("");
    setDescription("");
    setImages([]);
    setStock(initialStockDraft());
    setShowErrors(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setShowErrors(true);
    if (Object.values(missing).some(Boolean)) {
      toast({ title: "Error", description: PRODUCT_REQUIRED_MESSAGE, variant: "destructive" });
      return;
    }
    if (parsedPrice === null) return;
    const stockFields = stockPayload(stock, parsedPrice, (product?.options.length ?? 0) > 0);
    if ("error" in stockFields) {
      toast({ title: "Error", description: stockFields.error, variant: "destructive" });
      return;
    }
    const payload: ProductPayload = {
      name: name.trim(),
      slug: productSlug(name),
      description: description.trim(),
      price: parsedPrice,
      imageUrl: images[0] ?? DEFAULT_PRODUCT_IMAGE,
      images,
      categoryId: Number(categoryId),
      ...stockFields.fields,
    };
    if (mode === "edit" && product) {
      update.mutate({ id: product.id, payload }, { onSuccess: () => onDone?.() });
    } else {
      create.mutate(
        { ...payload, merchantId: Number(merchantId) },
        {
          onSuccess: () => {
            reset();
            onDone?.();
          },
        },
      );
    }
  };

  const chooseMerchant = (value: string) => {
    setMerchantId(value);
    // A product usually belongs to its merchant's category.
    const merchant = merchants.find((m) => String(m.id) === value);
    if (merchant && !categoryId) setCategoryId(String(merchant.categoryId));
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={mode === "create" ? "Agregar producto" : "Editar producto"}
    >
      {mode === "create" && !fixedMerchantId && (
        <FormField
          id={`${id}-merchant`}
          label="Comercio"
          required
          error={fieldError("merchantId")}
          className="sm:col-span-2"
        >
          <NativeSelect
            {...fieldA11y(`${id}-merchant`, fieldError("merchantId"), true)}
            value={merchantId}
            onChange={(event) => chooseMerchant(event.target.value)}
          >
            <option value="">Selecciona un comercio</option>
            {merchants.map((merchant) => (
              <option key={merchant.id} value={merchant.id}>
                {merchant.name}
                {merchant.status !== "approved" ? " (no publicado)" : ""}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <FormField id={`${id}-name`} label="Nombre del producto" required error={fieldError("name")}>
        <Input
          {...fieldA11y(`${id}-name`, fieldError("name"), true)}
          value={name}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <FormField id={`${id}-price`} label="Precio (USD)" required error={priceError}>
        <Input
          {...fieldA11y(`${id}-price`, priceError, true)}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="0.00"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      </FormField>
      <FormField
        id={`${id}-category`}
        label="Categoría"
        required
        error={fieldError("categoryId")}
        className="sm:col-span-2"
      >
        <CategorySelect
          {...fieldA11y(`${id}-category`, fieldError("categoryId"), true)}
          categories={categories}
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
        />
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Descripción"
        required
        error={fieldError("description")}
        className="sm:col-span-2"
      >
        <Textarea
          {...fieldA11y(`${id}-description`, fieldError("description"), true)}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      <div className="sm:col-span-2">
        <MultiImageUpload
          label={`Imágenes (hasta ${PRODUCT_IMAGES_MAX})`}
          value={images}
          onChange={setImages}
          disabled={pending}
          onUploadingChange={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
        />
        {images.length === 0 && (
          <p className="mt-1 text-xs text-stone-600">
            Sin imágenes se usará la foto predeterminada.
          </p>
        )}
      </div>
      <ProductStockFields
        draft={stock}
        onChange={setStock}
        price={parsedPrice ?? ""}
        disabled={pending}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={disabled}>
          {mode === "edit"
            ? update.isPending
              ? "Actualizando..."
              : "Actualizar Producto"
            : create.isPending
              ? "Creando..."
              : "Crear Producto"}
        </Button>
      </div>
    </form>
  );
}
