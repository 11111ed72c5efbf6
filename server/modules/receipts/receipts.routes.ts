import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { orderDteRecord } from "../../../shared/contracts/index";
import {
  MERCHANT_NOT_MANAGED_MESSAGE,
  NOT_MERCHANT_MESSAGE,
} from "../../../shared/merchant-portal";
import { orderDteSchema } from "../../../shared/schemas/dte";
import { AppError } from "../../errors";
import { idParam, serviceBody, serviceQuery, type RouteApp } from "../../http/route-schema";
import { DTE_ORDER_NOT_FOUND } from "./receipts.service";

/** As the order page's reads: generous for a shopper, far too few to guess a token. */
const RECEIPT_READ_LIMIT = { rateLimit: { max: 60, timeWindow: "1 minute" } };
/** Like the portal's other writes. */
const DTE_WRITE_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };

const orderParams = z.object({ orderNumber: z.string() });
const orderToken = serviceQuery(
  z.object({
    token: z.string().describe("El token del enlace del pedido (del correo de confirmación)"),
  }),
);

/** GET /api/orders/{orderNumber}/comprobante.pdf?token=…: the receipt as a PDF (issue 37). */
export async function receiptsRoutes(app: RouteApp) {
  app.get(
    "/orders/:orderNumber/comprobante.pdf",
    {
      config: { access: "order-token", ...RECEIPT_READ_LIMIT },
      schema: {
        params: orderParams,
        querystring: orderToken,
        description:
          "El comprobante de compra de un pedido en PDF (application/pdf): quién vende (razón social y NIT o DUI), líneas, envío, total, pago, entrega y el DTE si el comercio lo registró. Sin el token correcto: 404.",
      },
    },
    async (request, reply) => {
      const { receipt, pdf } = await app.services.receipts.pdf(
        request.params.orderNumber,
        request.query.token,
      );
      return (
        reply
          .type("application/pdf")
          .header(
            "content-disposition",
            `inline; filename="comprobante-${receipt.orderNumber}.pdf"`,
          )
          // Personal: never kept by a shared cache, nor by the browser's.
          .header("cache-control", "no-store")
          .header("referrer-policy", "no-referrer")
          .send(pdf)
      );
    },
  );
}

const dteParams = z.object({
  merchantId: idParam(MERCHANT_NOT_MANAGED_MESSAGE),
  orderId: idParam(DTE_ORDER_NOT_FOUND),
});

async function merchantUser(request: FastifyRequest) {
  const user = await request.currentUser();
  if (!user) throw AppError.unauthorized(NOT_MERCHANT_MESSAGE);
  return user;
}

/** Under /api/merchant, behind requireMerchant: the DTE a merchant issued for its order. */
export async function receiptsMerchantRoutes(app: RouteApp) {
  app.put(
    "/:merchantId/orders/:orderId/dte",
    {
      config: { access: "merchant", ...DTE_WRITE_LIMIT },
      schema: {
        params: dteParams,
        // Checked after the merchant and the order (404 first).
        body: serviceBody(orderDteSchema),
        response: { 200: orderDteRecord },
      },
    },
    async (request) =>
      app.services.receipts.recordDte(
        await merchantUser(request),
        request.params.merchantId,
        request.params.orderId,
        request.body,
      ),
  );
}
