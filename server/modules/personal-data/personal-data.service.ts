import type { Queryable } from "../../../db/client";
import type { UserDto } from "../../../shared/api-types";
import type {
  PersonalDataCountsDto,
  PersonalDataExportDto,
  PersonalDataRequestDto,
} from "../../../shared/contracts/personal-data";
import { ADMIN_PAGE_SIZE } from "../../../shared/limits";
import {
  PERSONAL_DATA_NOTES,
  type PersonalDataAction,
  type PersonalDataKey,
} from "../../../shared/personal-data";
import type { PageQuery } from "../../../shared/schemas/query";
import { personalDataEraseSchema, personalDataQuery } from "../../../shared/schemas/personal-data";
import { parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { checkPage, type Paged } from "../catalog/paging";
import * as erase from "./erase.repository";
import * as present from "./personal-data.presenter";
import * as repo from "./personal-data.repository";
import * as log from "./requests.repository";

/** Who the log names for the retention purge. */
export const RETENTION_ACTOR = "Sistema";

const unique = <T>(values: readonly (T | null)[]) => [
  ...new Set(values.filter((v): v is T => v !== null)),
];

const total = (c: PersonalDataCountsDto) => c.orders + c.reviews + c.notices + c.consents;

const actorOf = (admin: UserDto) => admin.username ?? admin.email ?? admin.id;

/**
 * 'Datos personales' (issue 37): an administrator exports everything held about a person
 * (by e-mail or phone) as one JSON file, or erases it — their name, contacts and address on
 * every order become 'Datos eliminados' while amounts, lines, dates and the merchants'
 * ledger stay; reviews show 'Cliente'; consents, devices and order links end; notices still
 * due are cancelled. The same erasure runs for orders delivered or cancelled more than
 * ORDER_PERSONAL_DATA_DAYS ago, from the daily purge. Every request is logged.
 */
export function createPersonalDataService({ db, cache, config }: ServiceDeps) {
  /** A retention batch erased reviews' authors: the purge's run ends by forgetting the cache. */
  let reviewsErased = false;

  async function record(
    tx: Queryable,
    action: PersonalDataAction,
    actor: { id: string | null; name: string },
    key: PersonalDataKey | null,
    counts: PersonalDataCountsDto,
  ) {
    await log.insertRequest(tx, {
      action,
      keyKind: key?.kind ?? null,
      keyValue: key?.value ?? null,
      actorUserId: actor.id,
      actor: actor.name,
      rowCount: total(counts),
      counts,
    });
  }

  /** The erasure of these orders and all that hangs on them, in `tx`. */
  async function eraseOrders(
    tx: Queryable,
    key: PersonalDataKey | null,
    found: readonly { id: number; checkoutId: number | null }[],
  ): Promise<PersonalDataCountsDto> {
    const orderIds = found.map((o) => o.id);
    const checkoutIds = unique(found.map((o) => o.checkoutId));
    const consents = await repo.findWhatsAppConsents(tx, key, checkoutIds);
    const scope: repo.NoticeScope = {
      key,
      orderIds,
      checkoutIds: unique([...checkoutIds, ...consents.map((c) => c.checkoutId)]),
      numbers: unique(consents.map((c) => c.number)),
    };
    const orders = await erase.eraseOrders(tx, orderIds);
    const reviews = await erase.eraseReviews(tx, key, orderIds);
    const notices = (await erase.eraseEmails(tx, scope)) + (await erase.eraseNotices(tx, scope));
    const ended = await erase.closeCheckouts(tx, scope.checkoutIds);
    const devices = key ? await erase.deletePushDevices(tx, key) : 0;
    return { orders, reviews, notices, consents: ended + devices };
  }

  return {
    /** GET /api/admin/personal-data?email=…|phone=…: the export, logged. */
    async exportData(admin: UserDto, input: unknown): Promise<PersonalDataExportDto> {
      const key = parseInput(personalDataQuery, input);
      const orders = await repo.findOrders(db, key);
      const orderIds = orders.map((o) => o.id);
      const checkoutIds = unique(orders.map((o) => o.checkoutId));
      const [lines, reviews, whatsapp, devices, merchants] = await Promise.all([
        repo.findLines(db, orderIds),
        repo.findReviews(db, key, orderIds),
        repo.findWhatsAppConsents(db, key, checkoutIds),
        repo.findPushDevices(db, key),
        repo.findMerchants(db, key),
      ]);
      const numbers = unique([
        ...whatsapp.map((c) => c.number),
        ...(key.kind === "phone" ? [key.value] : []),
      ]);
      const scope: repo.NoticeScope = {
        key,
        orderIds,
        checkoutIds: unique([...checkoutIds, ...whatsapp.map((c) => c.checkoutId)]),
        numbers,
      };
      const [emails, notices, optOuts] = await Promise.all([
        repo.findEmails(db, scope),
        repo.findNotices(db, scope),
        repo.findOptOuts(db, numbers),
      ]);
      const numbersOf = (checkoutId: number) =>
        orders.filter((o) => o.checkoutId === checkoutId).map((o) => o.orderNumber);
      const consents = present.toExportedConsents(whatsapp, numbersOf, optOuts, devices);
      const exported: PersonalDataExportDto = {
        generatedAt: new Date().toISOString(),
        key,
        counts: {
          orders: orders.length,
          reviews: reviews.length,
          notices: emails.length + notices.length,
          consents: consents.length,
        },
        orders: orders.map((o) =>
          present.toExportedOrder(
            o,
            lines.filter((line) => line.orderId === o.id),
          ),
        ),
        reviews: reviews.map(present.toExportedReview),
        notices: [...emails.map(present.toExportedEmail), ...notices.map(present.toExportedNotice)],
        consents,
        merchants: present.toExportedMerchants(merchants),
        notes: [...PERSONAL_DATA_NOTES],
      };
      await record(db, "export", { id: admin.id, name: actorOf(admin) }, key, exported.counts);
      return exported;
    },

    /** POST /api/admin/personal-data/erase `{email}` | `{phone}`: one transaction, logged. */
    async erase(admin: UserDto, input: unknown): Promise<PersonalDataCountsDto> {
      const key = parseInput(personalDataEraseSchema, input);
      const counts = await db.transaction(async (tx) => {
        const found = await repo.findOrders(tx, key, true);
        const changed = await eraseOrders(tx, key, found);
        await record(tx, "erase", { id: admin.id, name: actorOf(admin) }, key, changed);
        return changed;
      });
      // A review's author is public: the lists and pages that show it are read again.
      if (counts.reviews > 0) await cache.invalidate();
      return counts;
    },

    /** GET /api/admin/personal-data/requests: the log, newest first. */
    async requests(page: PageQuery): Promise<Paged<PersonalDataRequestDto>> {
      const { rows, total: all } = await log.listRequests(db, checkPage(page, ADMIN_PAGE_SIZE));
      return { items: rows.map(present.toRequestDto), total: all };
    },

    /**
     * One batch of the daily purge (server/maintenance/purge.ts) in its transaction: up to
     * `limit` orders past ORDER_PERSONAL_DATA_DAYS lose their shopper's data the same way,
     * logged as one 'retention' entry. Returns the orders erased (a short batch ends the run).
     */
    async eraseExpired(tx: Queryable, limit: number): Promise<number> {
      const found = await erase.findExpiredOrders(tx, config.orderPersonalDataDays, limit);
      if (found.length === 0) return 0;
      const counts = await eraseOrders(tx, null, found);
      if (counts.reviews > 0) reviewsErased = true;
      await record(tx, "retention", { id: null, name: RETENTION_ACTOR }, null, counts);
      // The batch's size, not what changed: a short batch is the purge's signal to stop.
      return found.length;
    },

    /** After the purge's run (its transactions committed): pages showing erased authors go. */
    async afterRetention(): Promise<void> {
      if (!reviewsErased) return;
      reviewsErased = false;
      await cache.invalidate();
    },
  };
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
