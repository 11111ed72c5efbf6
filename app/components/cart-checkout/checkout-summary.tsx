import type { CartItemDto } from "../../../shared/api-types";
import { EACH_MERCHANT_DELIVERS } from "../../../shared/checkout";
import { formatPrice, multiplyPrice } from "../../../shared/money";
import { lineName } from "../../../shared/product-variants";
import { linePrice } from "../../lib/cart-api";
import { groupCartByMerchant } from "./cart-lines";
import { Card } from "../ui/card";

/**
 * What the checkout will order, per merchant with its subtotal (read-only). The total, with
 * each merchant's delivery fee, is the form's, before its button (checkout-form.tsx).
 */
export function CheckoutSummary({ items }: { items: readonly CartItemDto[] }) {
  const groups = groupCartByMerchant(items);
  return (
    <section aria-labelledby="checkout-summary-heading" className="flex flex-col gap-4">
      <h2 id="checkout-summary-heading" className="text-lg font-semibold text-stone-900">
        Resumen del pedido
      </h2>
      {groups.map((group) => (
        <Card key={group.merchantId} className="p-4">
          <h3 className="font-semibold text-stone-900">{group.merchantName}</h3>
          <ul
            className="mt-2 divide-y divide-stone-100"
            aria-label={`Productos de ${group.merchantName}`}
          >
            {group.items.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 break-words text-stone-800">
                  {item.quantity} × {lineName(item.product.name, item.variantName)}
                  <span className="block text-xs text-stone-600">
                    {formatPrice(linePrice(item))} c/u
                  </span>
                </span>
                <span className="font-medium tabular-nums text-stone-900">
                  {formatPrice(multiplyPrice(linePrice(item), item.quantity))}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between border-t border-stone-200 pt-2 text-stone-800">
            <span>Subtotal</span>
            <span className="font-semibold tabular-nums" data-testid="checkout-subtotal">
              {formatPrice(group.subtotal)}
            </span>
          </p>
        </Card>
      ))}
      <p className="text-sm text-stone-700">
        Se crea un pedido por comercio. {EACH_MERCHANT_DELIVERS}
      </p>
    </section>
  );
}
