import { z } from "zod";
import { DEFAULT_PRODUCT_IMAGE, PRODUCT_IMAGES_MAX } from "../limits";
import {
  IMAGE_URL_MESSAGE,
  imageUrlError,
  isImageUrl,
  positiveId,
  priceField,
  requiredText,
  textField,
} from "./fields";
import { checkVariants, stockAndVariantFields } from "./product-variants";

export const PRODUCT_NAME_MESSAGE = "Product name is required";
export const PRODUCT_SLUG_MESSAGE = "Product slug is required";
export const PRODUCT_DESCRIPTION_MESSAGE = "Product description is required";
export const PRODUCT_IMAGE_MESSAGE = "Product image URL is required";
export const PRODUCT_IMAGES_MAX_MESSAGE = `Solo puedes subir un máximo de ${PRODUCT_IMAGES_MAX} imágenes`;
export const PRODUCT_MERCHANT_MESSAGE = "Selecciona un comercio";
export const PRODUCT_CATEGORY_MESSAGE = "Por favor selecciona una categoría";
/** The admin product form's message when name, price, category or merchant is missing. */
export const PRODUCT_REQUIRED_MESSAGE = "Completa todos los campos requeridos";

const imagesField = z
  .array(textField(IMAGE_URL_MESSAGE).trim().refine(isImageUrl, imageUrlError), {
    error: IMAGE_URL_MESSAGE,
  })
  .max(PRODUCT_IMAGES_MAX, PRODUCT_IMAGES_MAX_MESSAGE);

/** The catalogue fields every product write shares (rating and reviewCount are dropped). */
export const productFields = {
  name: requiredText(PRODUCT_NAME_MESSAGE, 200),
  // Optional: the server recomputes it from the name.
  slug: requiredText(PRODUCT_SLUG_MESSAGE, 200).optional(),
  description: requiredText(PRODUCT_DESCRIPTION_MESSAGE, 5000),
  price: priceField,
  // Missing or empty means the default photo: see withDefaultImage.
  imageUrl: textField(PRODUCT_IMAGE_MESSAGE)
    .trim()
    .max(2048, IMAGE_URL_MESSAGE)
    .refine((v) => v === "" || isImageUrl(v), imageUrlError)
    .nullish(),
  images: imagesField.optional(),
  categoryId: positiveId(PRODUCT_CATEGORY_MESSAGE),
  isActive: z.boolean().optional(),
  // Issue 36, all optional: stock, 'Agotado', options and variants (./product-variants.ts).
  ...stockAndVariantFields,
};

export const productSchema = z
  .object({
    ...productFields,
    merchantId: positiveId(PRODUCT_MERCHANT_MESSAGE),
  })
  .superRefine(checkVariants);

/** A product's merchant never changes. */
export const productUpdateSchema = z.object(productFields).superRefine(checkVariants);

export type ProductInput = z.input<typeof productSchema>;
export type Product = z.output<typeof productSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** Fills the main image: the one given, else the first of the gallery, else the default photo. */
export function withDefaultImage<T extends { imageUrl?: string | null; images?: string[] }>(
  product: T,
): Omit<T, "imageUrl" | "images"> & { imageUrl: string; images: string[] } {
  const images = product.images ?? [];
  return { ...product, imageUrl: product.imageUrl || images[0] || DEFAULT_PRODUCT_IMAGE, images };
}
