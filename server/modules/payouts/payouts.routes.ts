import type { FastifyInstance, FastifyReply } from "fastify";
import { MERCHANT_NOT_MANAGED_MESSAGE } from "../../../shared/merchant-portal";
import { AppError, parseId } from "../../errors";
import { objectBody } from "../../http/route-schema";
import { PAYOUT_MERCHANT_NOT_FOUND } from "./payouts.service";

type FormatQuery = { Querystring: { format?: unknown } };

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
export async function payoutsAdminRoutes(app: FastifyInstance) {
  app.get<FormatQuery>("/payouts", async (request, reply) => {
    const csv = wantsCsv(request.query.format);
    const balances = await app.services.payouts.balances();
    if (!csv) return balances;
    return sendCsv(reply, "liquidaciones.csv", app.services.payouts.balancesCsv(balances));
  });

  app.post<{ Params: { id: string } }>(
    "/merchants/:id/payouts",
    { schema: objectBody },
    async (request, reply) => {
      const payout = await app.services.payouts.record(
        (await request.currentUser())!,
        parseId(request.params.id, PAYOUT_MERCHANT_NOT_FOUND),
        request.body,
      );
      return reply.status(201).send(payout);
    },
  );
}

/** Under /api/merchant (the merchant's scope): its own 'Liquidaciones'. */
export async function payoutsMerchantRoutes(app: FastifyInstance) {
  app.get<{ Params: { merchantId: string } } & FormatQuery>(
    "/:merchantId/payouts",
    async (request, reply) => {
      const csv = wantsCsv(request.query.format);
      const user = await request.currentUser();
      if (!user) throw AppError.unauthorized();
      const merchantId = parseId(request.params.merchantId, MERCHANT_NOT_MANAGED_MESSAGE);
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
