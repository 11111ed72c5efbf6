import type { CategoryDto } from "../../../shared/api-types";
import type { CategoryRow } from "./categories.repository";

export function toCategoryDto(row: CategoryRow): CategoryDto {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    icon: row.icon,
    imageUrl: row.imageUrl,
    merchantCount: row.merchantCount,
    productCount: row.productCount,
  };
}
