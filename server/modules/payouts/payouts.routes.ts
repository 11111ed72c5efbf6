import type { FastifyReply } from "fastify";
import { z } from "zod";
import { merchantBalance, merchantLedger, payout } from "../../../shared/contracts/index";
import { MERCHANT_NOT_MANAGED_MESSAGE } from "../../../shared/merchant-portal";
import { payoutSchema } from "../../../shared/schemas/order-life";
import { AppError, parseId } from "../../errors";
import { idParam, jsonBody, serviceQuery, type RouteApp } from "../../http/route-schema";
import { PAYOUT_MERCHANT_NOT_FOUND } from "./payouts.service";

/** Read by wantsCsv in the handler: its 400 answers before the merchant's id is looked at. */
const format = serviceQuery(
  z.object({
    format: z
      .enum(["json", "csv"])
      .optional()
      .describe("csv: la hoja de cálculo (text/csv); sin él, JSON"),
  }),
);

/** `?format=csv` downloads the spreadsheet; absent, JSON; anything else is a 400. */
function wantsCsv(format: unknown): boolean {
  if (format === undefined || format === "json") return false;
  if (format === "csv") return true;
  throw AppError.badRequest("Formato inválido: usa csv o json");
}

function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(body);
}

/** Under /api/admin (the administrator's scope): balances and payouts (issue 25). */
export async function payoutsAdminRoutes(app: RouteApp) {
  const balances = { querystring: format, response: { 200: z.array(merchantBalance) } };
  app.get("/payouts", { config: { access: "admin" }, schema: balances }, async (request, reply) => {
    const csv = wantsCsv(request.query.format);
    const balances = await app.services.payouts.balances();
    if (!csv) return balances;
    return sendCsv(reply, "liquidaciones.csv", app.services.payouts.balancesCsv(balances));
  });

  app.post(
    "/merchants/:id/payouts",
    {
      config: { access: "admin" },
      schema: {
        params: z.object({ id: idParam(PAYOUT_MERCHANT_NOT_FOUND) }),
        body: jsonBody(payoutSchema),
        response: { 201: payout },
      },
    },
    async (request, reply) => {
      const recorded = await app.services.payouts.record(
        (await request.currentUser())!,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(recorded);
    },
  );
}

/** Under /api/merchant (the merchant's scope): its own 'Liquidaciones'. */
export async function payoutsMerchantRoutes(app: RouteApp) {
  app.get(
    "/:merchantId/payouts",
    {
      config: { access: "merchant" },
      schema: {
        // Read in the handler, after the format and the session (as parseId did).
        params: serviceQuery(z.object({ merchantId: z.string() })),
        querystring: format,
        response: { 200: merchantLedger },
      },
    },
    async (request, reply) => {
      const csv = wantsCsv(request.query.format);
      const user = await request.currentUser();
      if (!user) throw AppError.unauthorized();
      const merchantId = parseId(String(request.params.merchantId), MERCHANT_NOT_MANAGED_MESSAGE);
      const ledger = await app.services.merchantPortal.ledger(user, merchantId);
      if (!csv) return ledger;
      return sendCsv(
        reply,
        `liquidaciones-${merchantId}.csv`,
        app.services.payouts.ledgerCsv(ledger),
      );
    },
  );
}
