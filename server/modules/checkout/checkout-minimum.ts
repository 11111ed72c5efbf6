import { minimumOrderMessage, minimumOrderShortfall } from "../../../shared/delivery";
import { AppError } from "../../errors";

/**
 * Issue 36: a merchant's minimum order is on its order's subtotal, before the delivery fee.
 * A checkout with any order short of it is refused (409) before anything is written, naming
 * each such merchant ('El pedido mínimo de Pupusería Doña Tere es $10.00').
 */
export function checkMinimumOrders(
  groups: readonly {
    merchant: { name: string };
    terms: { minimumOrder: string | null };
    subtotal: string;
  }[],
): void {
  const short = groups.filter((g) => minimumOrderShortfall(g.terms.minimumOrder, g.subtotal));
  if (short.length > 0) {
    throw AppError.conflict(
      short.map((g) => minimumOrderMessage(g.merchant.name, g.terms.minimumOrder!)).join(". "),
    );
  }
}
