import { AlertTriangle } from "lucide-react";
import type { CartItemDto } from "../../../shared/api-types";
import { minimumOrderMissingMessage, minimumOrderShortfall } from "../../../shared/delivery";
import { groupCartByMerchant } from "./cart-lines";

/**
 * Issue 36: for each merchant of the cart whose lines do not reach its minimum order,
 * 'Te faltan $X para el pedido mínimo de $Y' (the subtotal, before the delivery fee), from
 * the cart as it now is and the minimums the page's loader read.
 */
export function CartMinimums({
  items,
  minimums = {},
}: {
  items: readonly CartItemDto[];
  /** Each merchant's minimum order, by merchant id ("10.00"); absent: none. */
  minimums?: Readonly<Record<string, string>>;
}) {
  const short = groupCartByMerchant(items).flatMap((group) => {
    const minimum = minimums[String(group.merchantId)];
    const missing = minimum ? minimumOrderShortfall(minimum, group.subtotal) : null;
    return missing && minimum
      ? [{ group, text: minimumOrderMissingMessage(missing, minimum) }]
      : [];
  });
  if (short.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-col gap-2" data-testid="cart-minimums">
      {short.map(({ group, text }) => (
        <li
          key={group.merchantId}
          className="flex items-start gap-2 rounded-md bg-maiz-100 px-3 py-2 text-sm text-amber-900"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{group.merchantName}:</strong> {text}
          </span>
        </li>
      ))}
    </ul>
  );
}
