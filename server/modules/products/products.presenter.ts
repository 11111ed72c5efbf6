import type { ProductDto, ProductOptionDto, ProductVariantDto } from "../../../shared/api-types";
import type { ProductRow } from "./products.repository";

/**
 * A variant's options in its product's option order ('Talla' before 'Color'), whatever
 * order the database kept them in.
 */
function inOptionOrder(
  options: readonly ProductOptionDto[],
  chosen: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(options.map((option) => [option.name, chosen[option.name] ?? ""]));
}

export function toProductDto(row: ProductRow): ProductDto {
  const options = row.options.map(({ name, values }) => ({ name, values }));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: row.price,
    imageUrl: row.imageUrl,
    images: row.images,
    merchantId: row.merchantId,
    categoryId: row.categoryId,
    rating: row.rating,
    reviewCount: row.reviewCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    merchantName: row.merchantName,
    merchantSlug: row.merchantSlug,
    stock: row.stock,
    soldOut: row.soldOut,
    available: row.available,
    options,
    variants: row.variants.map((v): ProductVariantDto => ({
      id: v.id,
      options: inOptionOrder(options, v.options),
      name: v.name,
      price: v.price,
      stock: v.stock,
      soldOut: v.soldOut,
      available: v.available,
      sku: v.sku,
    })),
  };
}
