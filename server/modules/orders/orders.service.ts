import { z } from "zod";
import type { OrderDto, OrderStatus } from "../../../shared/api-types";
import { SV_TIME_ZONE } from "../../../shared/el-salvador";
import { CART_QUANTITY_MAX } from "../../../shared/limits";
import { multiplyPrice, priceToCents, sumPrices } from "../../../shared/money";
import { ORDER_STATUSES, orderStatusSchema } from "../../../shared/schemas/index";
import { emailField } from "../../../shared/schemas/fields";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../services";
import { toOrderDto, toOrderDtos } from "./orders.presenter";
import * as repo from "./orders.repository";

export const ORDER_NOT_FOUND = "Pedido no encontrado";
export const PRODUCT_NOT_FOUND = "Producto no encontrado";
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

const yearInElSalvador = new Intl.DateTimeFormat("en-US", {
  timeZone: SV_TIME_ZONE,
  year: "numeric",
});

/** 'ES-2026-000123': readable, and unique because the sequence is the order's own id. */
export function orderNumber(id: number, date: Date): string {
  return `ES-${yearInElSalvador.format(date)}-${String(id).padStart(6, "0")}`;
}

export function createOrdersService({ db }: ServiceDeps) {
  async function withItems(row: repo.OrderRow): Promise<OrderDto> {
    return toOrderDto(row, await repo.listOrderItems(db, [row.id]));
  }

  return {
    /** Every order, newest first; `q` matches customer name, e-mail, order number or payment id. */
    async listAdmin(filter: { q?: string } = {}): Promise<OrderDto[]> {
      const rows = await repo.listOrders(db, filter);
      const items = await repo.listOrderItems(
        db,
        rows.map((row) => row.id),
      );
      return toOrderDtos(rows, items);
    },

    /** Any of the three statuses from any other (spec §4). */
    async setStatus(id: number, input: unknown): Promise<OrderDto> {
      const { status } = parseInput(orderStatusSchema, input);
      const row = await repo.setOrderStatus(db, id, status);
      if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
      return withItems(row);
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
          throw AppError.badRequest("El total del pedido supera el máximo permitido");
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
