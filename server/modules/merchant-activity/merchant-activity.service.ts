import type { Queryable } from "../../../db/client";
import type { UserDto } from "../../../shared/api-types";
import type { MerchantAuditEntryDto } from "../../../shared/merchant-portal";
import type { ServiceDeps } from "../../service-deps";
import { actorFields } from "./merchant-audit";
import { toAuditEntryDto } from "./merchant-activity.presenter";
import * as repo from "./merchant-activity.repository";
import { createMerchantNotices } from "./merchant-notices";

export {
  changedFieldLabels,
  MERCHANT_FIELD_LABELS,
  MERCHANT_ROLE,
  PRODUCT_AUDIT,
} from "./merchant-audit";
export type { MerchantNotices, NoticeMerchant } from "./merchant-notices";

/** One change to record: which merchant, who did it, and what (issue 11). */
export interface AuditEntry {
  merchantId: number;
  user: UserDto;
  action: string;
  summary: string;
}

/**
 * What happens to a merchant, told to the people concerned (issue 11): its audit log and the
 * e-mails of its application, approval, reviews and sign-in. The catalogue modules and the
 * portal write both through the transaction of the change they record, so a row or an e-mail
 * exists exactly when that change committed. Owns `merchant_audit_log`; the e-mails go
 * through the mail outbox.
 */
export function createMerchantActivityService(deps: Pick<ServiceDeps, "db" | "config" | "mail">) {
  const { db } = deps;

  return {
    /** Writes one row of the audit log through `tx`, the transaction of the change it records. */
    async audit(tx: Queryable, entry: AuditEntry): Promise<void> {
      await repo.insertAudit(tx, {
        merchantId: entry.merchantId,
        ...actorFields(entry.user),
        action: entry.action,
        summary: entry.summary,
      });
    },

    /** A row by someone with no account yet: a merchant address confirming itself (issue 26). */
    async auditByAddress(
      tx: Queryable,
      entry: Omit<AuditEntry, "user"> & { email: string; role: string },
    ): Promise<void> {
      await repo.insertAudit(tx, {
        merchantId: entry.merchantId,
        actorUserId: null,
        actor: entry.email,
        actorRole: entry.role,
        action: entry.action,
        summary: entry.summary,
      });
    },

    /** A merchant's history, newest first (at most 500 rows). */
    async auditLog(merchantId: number): Promise<MerchantAuditEntryDto[]> {
      return (await repo.listAudit(db, merchantId)).map(toAuditEntryDto);
    },

    notices: createMerchantNotices(deps),
  };
}

export type MerchantActivityService = ReturnType<typeof createMerchantActivityService>;
