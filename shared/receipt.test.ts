import { describe, expect, it } from "vitest";
import type { CheckoutOrderDto } from "./checkout";
import { DTE_DISCLAIMER, receiptOf, receiptPath, receiptPdfPath } from "./receipt";

const order = (overrides: Partial<CheckoutOrderDto> = {}): CheckoutOrderDto => ({
  id: 1,
  orderNumber: "ES-2026-000001",
  merchant: {
    id: 7,
    name: "Tienda La Ceiba",
    slug: "tienda-la-ceiba",
    whatsapp: null,
    phone: "+503 2222-0001",
    legalName: "Teresa Alvarado de López",
    taxId: "04567890-3",
  },
  items: [
    {
      id: 1,
      orderId: 1,
      productId: 3,
      quantity: 3,
      price: "0.10",
      createdAt: "2026-12-03T20:30:00.000Z",
      product: { name: "Camiseta", imageUrl: null },
      variantId: 9,
      variantName: "M · Azul",
    },
  ],
  totalAmount: "0.30",
  status: "pending",
  paymentMethod: "card",
  paymentStatus: "paid",
  whatsappUrl: null,
  customerName: "Ana",
  customerEmail: "ana@correo.sv",
  customerPhone: null,
  note: null,
  createdAt: "2026-12-03T20:30:00.000Z",
  fulfillment: "pickup",
  fulfillmentStatus: "received",
  statusHistory: [],
  deliveryAddress: null,
  subtotal: "0.30",
  deliveryFee: "0.00",
  cancelReason: null,
  refundReference: null,
  bankDetails: null,
  cancellable: true,
  dte: null,
  ...overrides,
});

describe("the receipt's one view (issue 37)", () => {
  it("writes the lines with their variants, exact totals, El Salvador's time and who sells", () => {
    const receipt = receiptOf({ paymentMethod: "card" }, order());
    expect(receipt).toMatchObject({
      orderNumber: "ES-2026-000001",
      // 20:30 UTC is 14:30 in El Salvador.
      date: "3 de diciembre de 2026, 14:30 (hora de El Salvador)",
      seller: { legalName: "Teresa Alvarado de López", taxId: "DUI 04567890-3" },
      lines: [
        { name: "Camiseta", variant: "M · Azul", quantity: 3, unitPrice: "$0.10", total: "$0.30" },
      ],
      deliveryFee: "No aplica (recoger en tienda)",
      total: "$0.30",
      paymentMethod: "Tarjeta (Wompi)",
      paymentStatus: "Pagado",
      fulfillment: "Recoger en tienda",
      addressLines: [],
      cancelled: null,
      dte: null,
      disclaimer: DTE_DISCLAIMER,
    });
  });

  it("says a cancelled order and its reason, and a recorded DTE by its day", () => {
    const receipt = receiptOf(
      { paymentMethod: "card" },
      order({
        status: "cancelled",
        cancelReason: "Sin existencias",
        paymentStatus: "refund_due",
        dte: { code: "ABC", issuedAt: "2026-12-04", lookupUrl: "https://x" },
      }),
    );
    expect(receipt.cancelled).toBe("Pedido cancelado: Sin existencias");
    expect(receipt.paymentStatus).toBe("Reembolso pendiente");
    expect(receipt.dte).toEqual({
      code: "ABC",
      date: "4 de diciembre de 2026",
      lookupUrl: "https://x",
    });
  });

  it("links with the token escaped", () => {
    expect(receiptPath("ES-2026-000001", "a+b/c")).toBe(
      "/orders/ES-2026-000001/comprobante?token=a%2Bb%2Fc",
    );
    expect(receiptPdfPath("ES-2026-000001", "t")).toBe(
      "/api/orders/ES-2026-000001/comprobante.pdf?token=t",
    );
  });
});
