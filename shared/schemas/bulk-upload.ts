import { z } from "zod";
import { BULK_UPLOAD_MAX } from "../limits";
import { positiveId } from "./fields";
import { productFields } from "./product";
import { checkVariants } from "./product-variants";

export const BULK_MERCHANT_MESSAGE = "No se ha seleccionado un comercio";
export const BULK_EMPTY_MESSAGE = "El catálogo no tiene productos";
export const BULK_MAX_MESSAGE = `El catálogo no puede tener más de ${BULK_UPLOAD_MAX} productos`;

/** A CSV row: the merchant's id and category are filled in by the server. */
const bulkProductSchema = z
  .object({
    ...productFields,
    merchantId: positiveId(BULK_MERCHANT_MESSAGE).optional(),
    categoryId: productFields.categoryId.optional(),
  })
  .superRefine(checkVariants);

export const bulkUploadSchema = z.object({
  merchantId: positiveId(BULK_MERCHANT_MESSAGE),
  products: z
    .array(bulkProductSchema, { error: BULK_EMPTY_MESSAGE })
    .min(1, BULK_EMPTY_MESSAGE)
    .max(BULK_UPLOAD_MAX, BULK_MAX_MESSAGE),
});

export type BulkUploadInput = z.input<typeof bulkUploadSchema>;
export type BulkUpload = z.output<typeof bulkUploadSchema>;
export type BulkProduct = BulkUpload["products"][number];
