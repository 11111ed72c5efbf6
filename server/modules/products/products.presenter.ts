import type { ProductDto } from "../../../shared/api-types";
import type { ProductRow } from "./products.repository";

export function toProductDto(row: ProductRow): ProductDto {
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
  };
}
