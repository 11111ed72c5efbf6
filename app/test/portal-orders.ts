import type { PortalOrder } from "../lib/merchant-api";
import { anOrder } from "./test-utils";

/** An order as GET /api/merchant/{id}/orders answers it (issue 25's fields included). */
export function aPortalOrder(overrides: Partial<PortalOrder> = {}): PortalOrder {
  return {
    ...anOrder({ customerPhone: "+503 7000-0002" }),
    merchant: { id: 7, name: "Pupusería La Ceiba", slug: "pupuseria-la-ceiba" },
    paymentMethod: "cash",
    paymentStatus: "pending",
    paymentTransactionId: null,
    paidAt: null,
    note: null,
    fulfillment: "delivery",
    fulfillmentStatus: "received",
    statusHistory: [
      { fulfillmentStatus: "received", at: "2026-01-10T15:00:00.000Z", by: "shopper" },
    ],
    deliveryAddress: {
      department: "San Salvador",
      municipality: "San Salvador Centro",
      district: null,
      address: "Colonia Escalón, Calle 3 #12",
      reference: "Portón negro",
    },
    subtotal: "3.00",
    deliveryFee: "2.50",
    totalAmount: "5.50",
    cancelReason: null,
    refundReference: null,
    merchantTotal: "3.00",
    dte: null,
    ...overrides,
  };
}
