import type { CartItemDto } from "../../../shared/api-types";
import { toProductDto } from "../products/products.service";
import type { CartLineRow } from "./cart.repository";

/** A cart line with what the cart screen needs to show and to contact the seller. */
export function toCartItemDto(row: CartLineRow): CartItemDto {
  const { item, product, merchant } = row;
  return {
    id: item.id,
    sessionId: item.sessionId,
    productId: item.productId,
    quantity: item.quantity,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    product: {
      ...toProductDto({ ...product, merchantName: merchant.name, merchantSlug: merchant.slug }),
      merchantWhatsapp: merchant.whatsapp,
      merchantPhone: merchant.phone,
    },
    variantId: item.variantId,
    variantName: row.variant?.name ?? null,
    price: row.variant?.price ?? product.price,
  };
}
