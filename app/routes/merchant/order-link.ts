import { data, redirect } from "react-router";
import type { Route } from "./+types/order-link";

/** An id as the database gives them: digits, no leading zero, within PostgreSQL's integer. */
const ID_PATTERN = /^[1-9]\d{0,9}$/;

/**
 * /merchant/orders/{merchantId}/{orderId} (issue 35): the link of a new order's push
 * notification and WhatsApp button, short and stable, onto the portal's 'Pedidos' tab with
 * that order shown. Anything but two ids is 404; the portal itself asks for the session.
 */
export function loader({ params }: Route.LoaderArgs) {
  const { merchantId, orderId } = params;
  if (!ID_PATTERN.test(merchantId) || !ID_PATTERN.test(orderId)) {
    throw data(null, { status: 404 });
  }
  const search = new URLSearchParams({ comercio: merchantId, tab: "pedidos", pedido: orderId });
  return redirect(`/merchant?${search.toString()}`);
}
