import { z } from "zod";
import type { Queryable } from "../../../db/client";
import type { OrderDto, OrderStatus } from "../../../shared/api-types";
import { svWallClock } from "../../../shared/dates";
import { CART_QUANTITY_MAX } from "../../../shared/limits";
import { multiplyPrice, priceToCents, sumPrices } from "../../../shared/money";
import type { OrderFulfillment, PaymentMethod } from "../../../shared/order-life";
import type { DeliveryAddress } from "../../../shared/api-types";
import { ORDER_STATUSES } from "../../../shared/order-status";
import { emailField } from "../../../shared/schemas/fields";
import { AppError, parseInput } from "../../errors";
import { copyBankDetails } from "./order-bank.repository";
import { recordOrderEvent } from "./order-events.repository";
import { toOrderDto } from "./orders.presenter";
import * as repo from "./orders.repository";

/**
 * How orders are written (moved out of orders.service.ts, which keeps the life of an order):
 * a checkout's orders inside its transaction, and an order priced from the database.
 */

export const PRODUCT_NOT_FOUND = "Producto no encontrado";
export const ORDER_TOTAL_TOO_LARGE = "El total del pedido supera el máximo permitido";
const QUANTITY_MESSAGE = `La cantidad debe ser un número entero entre 1 y ${CART_QUANTITY_MAX}`;

export interface NewOrderInput {
  sessionId?: string;
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  paymentId?: string;
  status?: OrderStatus;
  items: { productId: number; quantity: number }[];
  createdAt?: Date;
}

// Callers are our own code (demo catalogue, a future checkout), but an order is money: check anyway.
const newOrderSchema = z.object({
  sessionId: z.string().trim().max(100).optional(),
  customerName: z
    .string({ error: "El nombre del cliente es requerido" })
    .trim()
    .min(1, "El nombre del cliente es requerido")
    .max(200),
  customerEmail: emailField("Correo electrónico inválido"),
  customerPhone: z.string().trim().max(30).optional(),
  paymentId: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  items: z
    .array(
      z.object({
        productId: z.number().int().positive(PRODUCT_NOT_FOUND),
        quantity: z
          .number({ error: QUANTITY_MESSAGE })
          .int(QUANTITY_MESSAGE)
          .min(1, QUANTITY_MESSAGE)
          .max(CART_QUANTITY_MAX, QUANTITY_MESSAGE),
      }),
    )
    .min(1, "El pedido debe tener al menos un producto"),
  createdAt: z.date().optional(),
});

/** One merchant's order of a checkout, priced by the caller inside its transaction. */
export interface PlacedOrder {
  createdAt: Date;
  sessionId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  note: string | null;
  checkoutId: number;
  merchantId: number;
  paymentMethod: PaymentMethod;
  fulfillment: OrderFulfillment;
  deliveryAddress: DeliveryAddress | null;
  subtotal: string;
  deliveryFee: string | null;
  totalAmount: string;
  /** COMMISSION_PERCENT for card orders, "0" for the others. */
  commissionPercent: string;
  lines: {
    productId: number;
    name: string;
    imageUrl: string;
    price: string;
    quantity: number;
    /** Issue 36: the variant ordered and its name, and whether a count gave its units. */
    variantId?: number | null;
    variantName?: string | null;
    stockTaken?: boolean;
  }[];
}

/** 'ES-2026-000123': readable, and unique because the sequence is the order's own id. */
export function orderNumber(id: number, date: Date): string {
  return `ES-${svWallClock(date).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

/**
 * Writes one order and its lines through `tx`, the checkout's transaction, which read
 * the prices from the database in that same transaction. Returns its id and number.
 */
export async function insertPlacedOrder(
  tx: Queryable,
  order: PlacedOrder,
): Promise<{ id: number; orderNumber: string }> {
  const { lines, createdAt, deliveryAddress, ...fields } = order;
  const id = await repo.nextOrderId(tx);
  const number = orderNumber(id, createdAt);
  await repo.insertOrder(tx, {
    ...fields,
    deliveryDepartment: deliveryAddress?.department ?? null,
    deliveryMunicipality: deliveryAddress?.municipality ?? null,
    deliveryDistrict: deliveryAddress?.district ?? null,
    deliveryAddress: deliveryAddress?.address ?? null,
    deliveryReference: deliveryAddress?.reference ?? null,
    id,
    orderNumber: number,
    status: "pending",
    fulfillmentStatus: "received",
    createdAt,
    updatedAt: createdAt,
  });
  // Issue 37 L5: the account this checkout shows stays the order's, whatever changes later.
  if (fields.paymentMethod === "transfer") await copyBankDetails(tx, id);
  await repo.insertStatusEvents(tx, [
    { orderId: id, fulfillmentStatus: "received", actor: "shopper", createdAt },
  ]);
  await recordOrderEvent(
    tx,
    {
      id,
      merchantId: fields.merchantId,
      orderNumber: number,
      fulfillmentStatus: "received",
      status: "pending",
    },
    "created",
  );
  await repo.insertOrderItems(
    tx,
    lines.map((line) => ({
      orderId: id,
      productId: line.productId,
      productName: line.name,
      productImageUrl: line.imageUrl,
      quantity: line.quantity,
      price: line.price,
      variantId: line.variantId ?? null,
      variantName: line.variantName ?? null,
      stockTaken: line.stockTaken ?? false,
      createdAt,
    })),
  );
  return { id, orderNumber: number };
}

/** Writes an order priced from the database, never from the caller. */
export async function createOrder(
  transaction: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>,
  input: NewOrderInput,
): Promise<OrderDto> {
  const order = parseInput(newOrderSchema, input);
  // One line per product, even when the caller repeats one.
  const quantities = new Map<number, number>();
  for (const item of order.items) {
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  }
  const createdAt = order.createdAt ?? new Date();

  const { row, items } = await transaction(async (tx) => {
    const found = await repo.lockOrderableProducts(tx, [...quantities.keys()]);
    const byId = new Map(found.map((product) => [product.id, product]));
    const lines = [...quantities].map(([productId, quantity]) => {
      const product = byId.get(productId);
      if (!product) throw AppError.notFound(PRODUCT_NOT_FOUND);
      return { product, quantity };
    });
    const totalAmount = sumPrices(lines.map((l) => multiplyPrice(l.product.price, l.quantity)));
    if (priceToCents(totalAmount) === null) {
      throw AppError.badRequest(ORDER_TOTAL_TOO_LARGE);
    }

    const id = await repo.nextOrderId(tx);
    const row = await repo.insertOrder(tx, {
      id,
      orderNumber: orderNumber(id, createdAt),
      sessionId: order.sessionId || null,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone || null,
      paymentId: order.paymentId || null,
      // The merchant of its first line (an order of several merchants is demo data only).
      merchantId: lines[0].product.merchantId,
      subtotal: totalAmount,
      totalAmount,
      status: order.status ?? "pending",
      createdAt,
      updatedAt: createdAt,
    });
    const items = await repo.insertOrderItems(
      tx,
      lines.map(({ product, quantity }) => ({
        orderId: id,
        productId: product.id,
        productName: product.name,
        productImageUrl: product.imageUrl,
        quantity,
        price: product.price,
        createdAt,
      })),
    );
    return { row, items };
  });
  return toOrderDto(row, items);
}
