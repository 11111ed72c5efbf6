import { randomUUID } from "node:crypto";
import type { OrderReviewsDto, ReviewDto } from "../../../shared/api-types";
import type { CheckoutDto, CheckoutOrderDto } from "../../../shared/checkout";
import { orderReviewSchema, type OrderReview } from "../../../shared/schemas/order-review";
import { AppError, parseInput, type FieldError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { lockPublicMerchant, lockPublicProduct } from "../catalog/catalog.repository";
import { reviewerName, toReviewDto } from "./reviews.presenter";
import * as repo from "./reviews.repository";

export const ORDER_NOT_DELIVERED_MESSAGE =
  "Podrás calificar tu compra cuando el pedido esté entregado";
export const PRODUCT_NOT_IN_ORDER_MESSAGE = "Este producto no es parte del pedido";
export const MERCHANT_ALREADY_REVIEWED_MESSAGE = "Ya calificaste a este comercio en este pedido";
export const PRODUCT_ALREADY_REVIEWED_MESSAGE = "Ya calificaste este producto en este pedido";
export const MERCHANT_NOT_REVIEWABLE_MESSAGE = "Este comercio ya no recibe reseñas";
export const PRODUCT_NOT_REVIEWABLE_MESSAGE = "Este producto ya no está disponible para calificar";
export const ORDER_REVIEWED_MESSAGE = "Ya calificaste esta compra";

/** What the reviews ask of the checkout module: an order's page, by its number and token. */
export interface OrderPageReader {
  find(orderNumber: unknown, token: unknown): Promise<CheckoutDto>;
}

/** 'Entregado' and not cancelled: the only orders that may be reviewed. */
export const reviewableOrder = (order: CheckoutOrderDto) =>
  order.fulfillmentStatus === "delivered" && order.status !== "cancelled";

/** Each product of the order once (its variants' lines are one), first line first. */
function orderProducts(order: CheckoutOrderDto) {
  const seen = new Map<number, { productId: number; name: string; imageUrl: string | null }>();
  for (const item of order.items) {
    if (item.productId === null || seen.has(item.productId)) continue;
    seen.set(item.productId, {
      productId: item.productId,
      name: item.product.name,
      imageUrl: item.product.imageUrl,
    });
  }
  return [...seen.values()];
}

function present(order: CheckoutOrderDto, rows: repo.ReviewRow[]): OrderReviewsDto {
  const merchantRow = rows.find((row) => row.merchantId !== null);
  const byProduct = new Map(
    rows.filter((row) => row.productId !== null).map((row) => [row.productId!, row]),
  );
  const reviewOf = (row: repo.ReviewRow | undefined): ReviewDto | null =>
    row ? toReviewDto(row) : null;
  return {
    orderNumber: order.orderNumber,
    merchant: { id: order.merchant.id, name: order.merchant.name },
    open: reviewableOrder(order),
    merchantReview: reviewOf(merchantRow),
    products: orderProducts(order).map((product) => ({
      ...product,
      review: reviewOf(byProduct.get(product.productId)),
    })),
  };
}

/** The 409 of a write that names what cannot be reviewed, each at its field. */
const conflict = (errors: FieldError[]) =>
  new AppError(409, "conflict", errors[0]!.message, errors);

/**
 * Issue 37: 'Califica tu compra'. A delivered order's token writes one review of the merchant
 * and one of each product the order holds, each once; they are verified purchases and wait
 * for moderation like every review. The token is checked by the checkout module (an unknown
 * number or a wrong token: its 404), the body after it.
 */
export function createOrderReviews(deps: Pick<ServiceDeps, "db">, orders: OrderPageReader) {
  const { db } = deps;

  /** The order named by the number, of the checkout its token opens. */
  async function orderOf(orderNumber: unknown, token: unknown): Promise<CheckoutOrderDto> {
    const checkout = await orders.find(orderNumber, token);
    const order = checkout.orders.find((o) => o.orderNumber === orderNumber);
    // find() answers the checkout of that number: its own order is always there.
    if (!order) throw AppError.notFound();
    return order;
  }

  /** The reviews of this body that the order may not take: not its products, written before. */
  function checkBody(order: CheckoutOrderDto, body: OrderReview, rows: repo.ReviewRow[]) {
    const held = new Set(orderProducts(order).map((product) => product.productId));
    const notHeld: FieldError[] = [];
    (body.products ?? []).forEach((product, index) => {
      if (!held.has(product.productId)) {
        notHeld.push({
          path: `products.${index}.productId`,
          message: PRODUCT_NOT_IN_ORDER_MESSAGE,
        });
      }
    });
    if (notHeld.length > 0) throw AppError.validation(notHeld);
    const written: FieldError[] = [];
    if (body.merchant && rows.some((row) => row.merchantId !== null)) {
      written.push({ path: "merchant", message: MERCHANT_ALREADY_REVIEWED_MESSAGE });
    }
    const reviewed = new Set(rows.map((row) => row.productId));
    (body.products ?? []).forEach((product, index) => {
      if (reviewed.has(product.productId)) {
        written.push({
          path: `products.${index}.productId`,
          message: PRODUCT_ALREADY_REVIEWED_MESSAGE,
        });
      }
    });
    if (written.length > 0) throw conflict(written);
  }

  return {
    /** GET /api/orders/{orderNumber}/reviews?token=…: what the order may review, and what it did. */
    async forOrder(orderNumber: unknown, token: unknown): Promise<OrderReviewsDto> {
      const order = await orderOf(orderNumber, token);
      return present(order, await repo.listOrderReviews(db, order.id));
    },

    /** POST /api/orders/{orderNumber}/reviews?token=…: writes the body's reviews, all or none. */
    async submitForOrder(
      orderNumber: unknown,
      token: unknown,
      input: unknown,
    ): Promise<OrderReviewsDto> {
      const order = await orderOf(orderNumber, token);
      const body = parseInput(orderReviewSchema, input);
      if (!reviewableOrder(order)) throw AppError.conflict(ORDER_NOT_DELIVERED_MESSAGE);
      const author = {
        userName: reviewerName(order.customerName),
        userEmail: order.customerEmail,
        orderId: order.id,
      };
      const rows = await db.transaction(async (tx) => {
        // Two sends of one order take turns: the second sees the first's reviews.
        await repo.lockOrderForReviews(tx, order.id);
        const before = await repo.listOrderReviews(tx, order.id);
        checkBody(order, body, before);
        const hidden: FieldError[] = [];
        if (body.merchant && !(await lockPublicMerchant(tx, order.merchant.id))) {
          hidden.push({ path: "merchant", message: MERCHANT_NOT_REVIEWABLE_MESSAGE });
        }
        const products = body.products ?? [];
        for (const [index, product] of products.entries()) {
          if (!(await lockPublicProduct(tx, product.productId))) {
            hidden.push({
              path: `products.${index}.productId`,
              message: PRODUCT_NOT_REVIEWABLE_MESSAGE,
            });
          }
        }
        if (hidden.length > 0) throw conflict(hidden);
        const values: repo.NewOrderReview[] = [
          ...(body.merchant
            ? [
                {
                  ...author,
                  userId: `user-${randomUUID()}`,
                  rating: body.merchant.rating,
                  comment: body.merchant.comment,
                  merchantId: order.merchant.id,
                  productId: null,
                },
              ]
            : []),
          ...products.map((product) => ({
            ...author,
            userId: `user-${randomUUID()}`,
            rating: product.rating,
            comment: product.comment,
            merchantId: null,
            productId: product.productId,
          })),
        ];
        const inserted = await repo.insertOrderReviews(tx, values);
        // The unique indexes' last word (a write the lock did not see): nothing is kept.
        if (inserted.length !== values.length) throw AppError.conflict(ORDER_REVIEWED_MESSAGE);
        return [...before, ...inserted];
      });
      return present(order, rows);
    },
  };
}
