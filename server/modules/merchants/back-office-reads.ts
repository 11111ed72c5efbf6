import type { AdminMerchantDto, MerchantOptionDto } from "../../../shared/api-types";
import { ADMIN_PAGE_SIZE } from "../../../shared/limits";
import type { AdminListQuery, AdminMerchantListQuery } from "../../../shared/schemas/list-queries";
import type { ServiceDeps } from "../../service-deps";
import { specialDatesFrom } from "../catalog/merchant-with-dates";
import { checkPage, type Paged } from "../catalog/paging";
import { merchantStatus, toAdminMerchantDto } from "./merchants.presenter";
import {
  findMerchantForUpdate,
  listAllMerchants,
  listMerchantNames,
  listPendingMerchants,
} from "./merchants.repository";
import { specialDatesOf } from "./opening.repository";

/**
 * The back office's reads of merchants, whatever their status (never cached): one by id,
 * the lists of every merchant and of the applications, the admin forms' pickers.
 */
export function createBackOfficeReads({ db }: Pick<ServiceDeps, "db">) {
  return {
    /** Any merchant by id, whatever its status (the merchant portal's own profile). */
    async getById(id: number): Promise<AdminMerchantDto | null> {
      const row = await findMerchantForUpdate(db, id);
      if (!row) return null;
      const dates = await specialDatesOf(db, [id], specialDatesFrom(new Date()));
      return toAdminMerchantDto(row, dates.get(id) ?? []);
    },

    /** Every merchant, newest first: one page, and how many match (issue 13). */
    async listAdmin(query: AdminMerchantListQuery = {}): Promise<Paged<AdminMerchantDto>> {
      const page = { q: query.q, legal: query.legal, ...checkPage(query, ADMIN_PAGE_SIZE) };
      const { rows, total } = await listAllMerchants(db, page);
      return { items: rows.map((row) => toAdminMerchantDto(row)), total };
    },

    /** Applications awaiting a decision, oldest first: one page, and how many there are. */
    async listPending(query: AdminListQuery = {}): Promise<Paged<AdminMerchantDto>> {
      const page = { q: query.q, ...checkPage(query, ADMIN_PAGE_SIZE) };
      const { rows, total } = await listPendingMerchants(db, page);
      return { items: rows.map((row) => toAdminMerchantDto(row)), total };
    },

    /** Every merchant's id, name, category and status, by name: the admin forms' pickers. */
    async listNames(): Promise<MerchantOptionDto[]> {
      return (await listMerchantNames(db)).map((row) => ({
        id: row.id,
        name: row.name,
        categoryId: row.categoryId,
        status: merchantStatus(row),
      }));
    },
  };
}
