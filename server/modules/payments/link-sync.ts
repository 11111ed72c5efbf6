import type { Queryable } from "../../../db/client";
import { sumPrices } from "../../../shared/money";
import type { ServiceDeps } from "../../service-deps";
import { WompiError } from "./wompi.client";
import { WOMPI_WEBHOOK_PATH } from "./wompi.signature";
import * as repo from "./link-sync.repository";

/**
 * Issue 37 L3: a card checkout's Wompi link charges only what still stands. After a
 * cancellation commits (and on every later pass while Wompi could not be told), the link is
 * deactivated when no order stands (PUT /EnlacePago/{id}/desactivar) and otherwise edited
 * to the total of the orders left (PUT /EnlacePago/{id}), as Wompi documents both. A failure
 * never fails the cancel: the checkout stays marked (payment_link_sync_at, written in the
 * cancellation's transaction) and is retried with back-off. The webhook accepts any amount
 * the link charged on the way (orders/card-payment.ts).
 */

/** Back-off of the retries: 1, 2, 4… minutes, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60, 2 ** attempts) * 60_000;
const PASS_EVERY_MS = 60_000;
const PAGE = 100;

export type LinkSyncOutcome = "deactivated" | "updated" | "unchanged" | "nothing" | "failed";

export function createPaymentLinkSync(
  { db, log, config, wompi }: Pick<ServiceDeps, "db" | "log" | "config" | "wompi">,
  /** A new link to the checkout's order page (the shopper's return from Wompi). */
  orderLink: (tx: Queryable, checkoutId: number, orderNumber: string) => Promise<string>,
) {
  const webhookUrl = `${config.publicUrl}${WOMPI_WEBHOOK_PATH}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function syncOne(checkoutId: number): Promise<LinkSyncOutcome> {
    const link = await repo.findLinkToSync(db, checkoutId);
    if (!link) return "nothing";
    // Paid, not a card, or no link yet (the retry of the payment creates it for what stands).
    if (link.paidAt || link.paymentMethod !== "card" || !link.paymentId || !wompi) {
      await repo.linkSynced(db, checkoutId, link.paymentLinkAmount);
      return "nothing";
    }
    const standing = link.orders.filter((o) => o.status !== "cancelled");
    const about = { checkout: link.reference, linkId: link.paymentId };
    try {
      if (standing.length === 0) {
        await wompi.deactivatePaymentLink(link.paymentId);
        await repo.linkSynced(db, checkoutId, null);
        log.info(about, "Wompi: enlace desactivado, todos los pedidos se cancelaron");
        return "deactivated";
      }
      const amount = sumPrices(standing.map((o) => o.totalAmount));
      if (amount === (link.paymentLinkAmount ?? link.totalAmount)) {
        await repo.linkSynced(db, checkoutId, link.paymentLinkAmount);
        return "unchanged";
      }
      const numbers = standing.map((o) => o.orderNumber).join(", ");
      const state = await wompi.updatePaymentLink(link.paymentId, {
        reference: link.reference,
        amount,
        productName: `${standing.length > 1 ? "Pedidos" : "Pedido"} ${numbers} en Tiangue`,
        redirectUrl: await orderLink(db, checkoutId, standing[0].orderNumber),
        webhookUrl,
      });
      await repo.linkSynced(db, checkoutId, state.amount);
      log.info({ ...about, amount }, "Wompi: el enlace cobra ahora solo los pedidos vigentes");
      return "updated";
    } catch (error) {
      if (!(error instanceof WompiError)) throw error;
      await repo.postponeLink(db, checkoutId, new Date(Date.now() + retryDelayMs(link.attempts)));
      log.warn(
        { ...about, failure: error.failure, detail: error.detail, attempts: link.attempts + 1 },
        "Wompi: no se pudo cambiar el enlace de pago; se reintenta",
      );
      return "failed";
    }
  }

  /** Every change due now, once; answers how many were tried. */
  async function pass(): Promise<number> {
    const due = await repo.listDueLinks(db, PAGE);
    for (const id of due) await sync(id);
    return due.length;
  }

  /** Never throws: a failure is logged and the change stays due for the next pass. */
  async function sync(checkoutId: number): Promise<LinkSyncOutcome> {
    try {
      return await syncOne(checkoutId);
    } catch (error) {
      log.error({ err: error, checkoutId }, "Wompi: error al cambiar el enlace de pago");
      return "failed";
    }
  }

  return {
    /** In the cancellation's transaction: the link must change. */
    due: (tx: Queryable, checkoutId: number) => repo.markLinkDue(tx, checkoutId),
    sync,
    /** One pass over the changes due now (a call during a pass shares it). */
    runOnce(): Promise<number> {
      running ??= pass().finally(() => (running = undefined));
      return running;
    },
    /** The retries run while the server listens. */
    start(intervalMs = PASS_EVERY_MS) {
      if (timer) return;
      const tick = () => {
        running ??= pass().finally(() => (running = undefined));
        void running
          .catch((error: unknown) => log.error({ err: error }, "Wompi: pase de enlaces fallido"))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs).unref();
          });
      };
      timer = setTimeout(tick, intervalMs).unref();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}

export type PaymentLinkSync = ReturnType<typeof createPaymentLinkSync>;
