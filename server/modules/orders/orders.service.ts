import { z } from "zod";
import type { Queryable } from "../../../db/client";
import type { OrderDto, OrderItemDto, OrderStatus } from "../../../shared/api-types";
import type { AdminOrderDto } from "../../../shared/checkout";
import { SV_TIME_ZONE } from "../../../shared/el-salvador";
import { ADMIN_PAGE_SIZE, CART_QUANTITY_MAX } from "../../../shared/limits";
import type { AdminOrderListQuery } from "../../../shared/schemas/list-queries";
import { multiplyPrice, priceToCents, sumPrices } from "../../../shared/money";
import { ORDER_STATUSES, orderStatusSchema } from "../../../shared/schemas/index";
import { emailField } from "../../../shared/schemas/fields";
import { AppError, parseInput } from "../../errors";
import type { BaseServiceDeps } from "../../services";
import { checkPage, type Paged } from "../catalog/paging";
import {
  itemsByOrder,
  toAdminOrderDto,
  toAdminOrderDtos,
  toOrderDto,
  toOrderItemDto,
} from "./orders.presenter";
import * as repo from "./orders.repository";

export const ORDER_NOT_FOUND = "Pedido no encontrado";
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
  paymentMethod: "card" | "whatsapp";
  totalAmount: string;
  lines: { productId: number; name: string; imageUrl: string; price: string; quantity: number }[];
}

const yearInElSalvador = new Intl.DateTimeFormat("en-US", {
  timeZone: SV_TIME_ZONE,
  year: "numeric",
});

/** 'ES-2026-000123': readable, and unique because the sequence is the order's own id. */
export function orderNumber(id: number, date: Date): string {
  return `ES-${yearInElSalvador.format(date)}-${String(id).padStart(6, "0")}`;
}

export function createOrdersService({ db }: BaseServiceDeps) {
  async function withLines(rows: repo.OrderWithMerchantRow[]): Promise<AdminOrderDto[]> {
    const items = await repo.listOrderItems(
      db,
      rows.map((row) => row.id),
    );
    return toAdminOrderDtos(rows, items);
  }

  return {
    /**
     * Every order, newest first, with its merchant and payment state; `q` matches customer
     * name, e-mail, order number, payment id (Wompi's link) or Wompi's transaction id.
     */
    async listAdmin(query: AdminOrderListQuery = {}): Promise<Paged<AdminOrderDto>> {
      const { rows, total } = await repo.listOrders(db, {
        q: query.q,
        ...checkPage(query, ADMIN_PAGE_SIZE),
      });
      return { items: await withLines(rows), total };
    },

    /** One merchant's orders, newest first (for the merchant portal). */
    async listForMerchant(
      merchantId: number,
      paging: { limit: number; offset: number },
    ): Promise<{ orders: AdminOrderDto[]; total: number }> {
      const { rows, total } = await repo.listMerchantOrders(db, merchantId, paging);
      return { orders: await withLines(rows), total };
    },

    /**
     * Any of the three statuses from any other (spec §4). With `merchantId` (the merchant
     * portal), an order of another merchant is not found.
     */
    async setStatus(
      id: number,
      input: unknown,
      scope: { merchantId?: number } = {},
      options: { after?: (tx: Queryable, order: AdminOrderDto) => Promise<void> } = {},
    ): Promise<AdminOrderDto> {
      const { status } = parseInput(orderStatusSchema, input);
      // One transaction, so what `after` writes (the portal's audit log) commits with it.
      return db.transaction(async (tx) => {
        const row = await repo.setOrderStatus(tx, id, status, scope);
        if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
        const found = await repo.findOrderWithMerchant(tx, row.id);
        if (!found) throw AppError.notFound(ORDER_NOT_FOUND);
        const items = await repo.listOrderItems(tx, [row.id]);
        const order = toAdminOrderDto(found, items);
        if (options.after) await options.after(tx, order);
        return order;
      });
    },

    /**
     * Writes one order and its lines through `tx`, the checkout's transaction, which read
     * the prices from the database in that same transaction. Returns its id and number.
     */
    async insertPlaced(
      tx: Queryable,
      order: PlacedOrder,
    ): Promise<{ id: number; orderNumber: string }> {
      const { lines, createdAt, ...fields } = order;
      const id = await repo.nextOrderId(tx);
      const number = orderNumber(id, createdAt);
      await repo.insertOrder(tx, {
        ...fields,
        id,
        orderNumber: number,
        status: "pending",
        createdAt,
        updatedAt: createdAt,
      });
      await repo.insertOrderItems(
        tx,
        lines.map((line) => ({
          orderId: id,
          productId: line.productId,
          productName: line.name,
          productImageUrl: line.imageUrl,
          quantity: line.quantity,
          price: line.price,
          createdAt,
        })),
      );
      return { id, orderNumber: number };
    },

    /** The lines of these orders, by order id (through `q`: a transaction or the database). */
    async linesOf(q: Queryable, orderIds: readonly number[]): Promise<Map<number, OrderItemDto[]>> {
      const byOrder = itemsByOrder(await repo.listOrderItems(q, orderIds));
      return new Map([...byOrder].map(([id, rows]) => [id, rows.map(toOrderItemDto)]));
    },

    /** Writes an order priced from the database, never from the caller. */
    async create(input: NewOrderInput): Promise<OrderDto> {
      const order = parseInput(newOrderSchema, input);
      // One line per product, even when the caller repeats one.
      const quantities = new Map<number, number>();
      for (const item of order.items) {
        quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
      }
      const createdAt = order.createdAt ?? new Date();

      const { row, items } = await db.transaction(async (tx) => {
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
    },
  };
}
