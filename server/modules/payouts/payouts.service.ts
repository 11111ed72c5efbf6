import Papa from "papaparse";
import type { UserDto } from "../../../shared/api-types";
import { formatPrice, priceToCents } from "../../../shared/money";
import { PAYOUT_OVER_BALANCE_MESSAGE } from "../../../shared/order-life";
import type { MerchantBalanceDto, MerchantLedgerDto, PayoutDto } from "../../../shared/api-types";
import { payoutSchema } from "../../../shared/schemas/order-life";
import { AppError, parseInput } from "../../errors";
import type { BaseServiceDeps } from "../../service-deps";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import { checkPaidAtRange } from "./payout-date";
import * as repo from "./payouts.repository";

export const PAYOUT_MERCHANT_NOT_FOUND = "Comercio no encontrado";

const toPayoutDto = (row: repo.PayoutRow): PayoutDto => ({
  id: row.id,
  // Payouts of a merchant deleted since keep their row; the ledger reads only live ones.
  merchantId: row.merchantId ?? 0,
  amount: row.amount,
  reference: row.reference,
  paidAt: row.paidAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * A cell Excel would run as a formula (a merchant's name, a reference: typed by people)
 * gets a leading apostrophe; the ledger's own negative amounts ("-2.00") stay numbers.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/** Excel opens UTF-8 with a BOM as UTF-8 (accents intact); CRLF lines as RFC 4180 says. */
const csv = (rows: readonly (readonly string[])[]) =>
  `\uFEFF${Papa.unparse(rows as string[][], { newline: "\r\n", escapeFormulae: FORMULA_START })}\r\n`;

/** 'aaaa-mm-dd' of an ISO time, in El Salvador (UTC−6, no daylight saving). */
const svDate = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) - 6 * 3600_000).toISOString().slice(0, 10) : "";

/**
 * Issue 25's ledger: what Tiangue owes each merchant of its card orders' money, and the
 * payouts the administrators record. Every figure comes from SQL in exact numeric
 * (payouts.repository.ts); this service checks and formats.
 */
export function createPayoutsService(
  { db, config }: BaseServiceDeps,
  activity: Pick<MerchantActivityService, "audit">,
) {
  return {
    /** GET /api/admin/payouts: every merchant with something owed or paid. */
    async balances(): Promise<MerchantBalanceDto[]> {
      return repo.listBalances(db);
    },

    /** The merchant's 'Liquidaciones' (GET /api/merchant/{id}/payouts). */
    async ledger(merchantId: number): Promise<MerchantLedgerDto> {
      const [balance, orders, payouts] = await Promise.all([
        repo.merchantBalance(db, merchantId),
        repo.listOwedOrders(db, merchantId),
        repo.listPayouts(db, merchantId),
      ]);
      return {
        ...balance,
        commissionPercent: Number(config.commissionPercent).toFixed(2),
        orders: orders.map((o) => ({ ...o, deliveredAt: o.deliveredAt?.toISOString() ?? null })),
        payouts: payouts.map(toPayoutDto),
      };
    },

    /**
     * POST /api/admin/merchants/{id}/payouts: amount > 0 and at most the balance (409),
     * with the merchant locked so two recorded at once cannot both pass; audited.
     */
    async record(admin: UserDto, merchantId: number, input: unknown): Promise<PayoutDto> {
      const { amount, reference, paidAt } = parseInput(payoutSchema, input);
      return db.transaction(async (tx) => {
        const name = await repo.lockMerchantName(tx, merchantId);
        if (name === undefined) throw AppError.notFound(PAYOUT_MERCHANT_NOT_FOUND);
        if (paidAt) checkPaidAtRange(paidAt, (await repo.merchantSince(tx, merchantId))!);
        const { balance } = await repo.merchantBalance(tx, merchantId);
        if ((priceToCents(amount) ?? Infinity) > (priceToCents(balance) ?? 0)) {
          throw AppError.conflict(PAYOUT_OVER_BALANCE_MESSAGE);
        }
        const row = await repo.insertPayout(tx, {
          merchantId,
          amount,
          reference,
          paidAt: paidAt ?? new Date(),
          recordedBy: admin.username ?? admin.email ?? admin.id,
        });
        await activity.audit(tx, {
          merchantId,
          user: admin,
          action: "payout.create",
          summary: `Pago de ${formatPrice(amount)} registrado (${reference})`,
        });
        return toPayoutDto(row);
      });
    },

    /** The balances as a spreadsheet. */
    balancesCsv(rows: readonly MerchantBalanceDto[]): string {
      return csv([
        ["Comercio", "ID", "Adeudado", "Pagado", "Saldo"],
        ...rows.map((r) => [r.merchantName, String(r.merchantId), r.owed, r.paid, r.balance]),
      ]);
    },

    /** A merchant's ledger as a spreadsheet: its orders, then its payouts. */
    ledgerCsv(ledger: MerchantLedgerDto): string {
      return csv([
        ["Fecha", "Movimiento", "Referencia", "Subtotal", "Envío", "Comisión", "Monto"],
        ...ledger.orders.map((o) => [
          svDate(o.deliveredAt),
          "Pedido entregado",
          o.orderNumber,
          o.subtotal,
          o.deliveryFee,
          o.commission,
          o.owed,
        ]),
        ...ledger.payouts.map((p) => [
          svDate(p.paidAt),
          "Pago recibido",
          p.reference,
          "",
          "",
          "",
          `-${p.amount}`,
        ]),
        ["", "Saldo", "", "", "", "", ledger.balance],
      ]);
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
