import type { CheckoutOrderDto } from "../../../shared/checkout";

/** An order the shopper or the merchant cancelled (the order page's parts all ask). */
export const isCancelled = (order: CheckoutOrderDto) => order.status === "cancelled";
