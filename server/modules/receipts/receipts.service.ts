import type { UserDto } from "../../../shared/api-types";
import type { CheckoutDto } from "../../../shared/checkout";
import { svDateOf } from "../../../shared/dates";
import {
  DTE_DATE_BEFORE_ORDER_MESSAGE,
  DTE_DATE_FUTURE_MESSAGE,
  toOrderDte,
} from "../../../shared/dte";
import { receiptOf, type Receipt } from "../../../shared/receipt";
import { orderDteSchema } from "../../../shared/schemas/dte";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import { renderReceiptPdf } from "./receipt.pdf";
import * as repo from "./receipts.repository";

/** The same 404 as an order page with an unknown number or a wrong token. */
export const RECEIPT_NOT_FOUND = "Pedido no encontrado";
export const DTE_ORDER_NOT_FOUND = "Pedido no encontrado";

/** What the receipts ask of the checkout: an order page's orders, by number and token. */
export interface OrderPages {
  find(orderNumber: unknown, token: unknown): Promise<CheckoutDto>;
}

/** What the DTE route asks of the portal: the merchant, if the session manages it (else 404). */
export interface ManagedMerchant {
  getMerchant(user: UserDto, merchantId: number): Promise<unknown>;
}

export interface OrderDteRecord {
  orderId: number;
  code: string;
  issuedAt: string;
  lookupUrl: string;
  recordedAt: string;
}

/**
 * Issue 37: an order's receipt (a page and a PDF, opened with the order page's token) and
 * the DTE its merchant records for it from the portal.
 */
export function createReceiptsService(
  deps: Pick<ServiceDeps, "db">,
  services: {
    orders: OrderPages;
    portal: ManagedMerchant;
    activity: Pick<MerchantActivityService, "audit">;
  },
) {
  const { db } = deps;

  return {
    /**
     * The receipt of one order of a checkout: `orderNumber` is that order's (any of the
     * checkout's opens with its token). Unknown number or wrong token: the order page's 404.
     */
    async find(orderNumber: unknown, token: unknown): Promise<Receipt> {
      const checkout = await services.orders.find(orderNumber, token);
      const order = checkout.orders.find((o) => o.orderNumber === orderNumber);
      if (!order) throw AppError.notFound(RECEIPT_NOT_FOUND);
      return receiptOf(checkout, order);
    },

    /** The same receipt as a PDF. */
    async pdf(orderNumber: unknown, token: unknown): Promise<{ receipt: Receipt; pdf: Buffer }> {
      const receipt = await this.find(orderNumber, token);
      return { receipt, pdf: await renderReceiptPdf(receipt) };
    },

    /**
     * PUT /api/merchant/{merchantId}/orders/{orderId}/dte: the merchant's own order only
     * (another's is a 404, after the merchant's own 404); the date no later than today and
     * no earlier than the order, in El Salvador. Audited in the same transaction.
     */
    async recordDte(
      user: UserDto,
      merchantId: number,
      orderId: number,
      input: unknown,
    ): Promise<OrderDteRecord> {
      await services.portal.getMerchant(user, merchantId);
      const dte = parseInput(orderDteSchema, input);
      const stored = await db.transaction(async (tx) => {
        const order = await repo.findMerchantOrderForUpdate(tx, merchantId, orderId);
        if (!order) throw AppError.notFound(DTE_ORDER_NOT_FOUND);
        if (dte.issuedAt > svDateOf(new Date())) {
          throw AppError.validation([{ path: "issuedAt", message: DTE_DATE_FUTURE_MESSAGE }]);
        }
        if (dte.issuedAt < svDateOf(order.createdAt)) {
          throw AppError.validation([{ path: "issuedAt", message: DTE_DATE_BEFORE_ORDER_MESSAGE }]);
        }
        const row = await repo.upsertOrderDte(tx, orderId, {
          code: dte.code,
          issuedOn: dte.issuedAt,
        });
        await services.activity.audit(tx, {
          merchantId,
          user,
          action: row.replaced ? "order.dte.edit" : "order.dte",
          summary: `Pedido ${order.orderNumber}: DTE ${dte.code} del ${dte.issuedAt}`,
        });
        return row;
      });
      const shown = toOrderDte(stored)!;
      return { orderId, ...shown, recordedAt: stored.recordedAt.toISOString() };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
