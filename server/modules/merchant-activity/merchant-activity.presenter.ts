import type { MerchantAuditEntryDto } from "../../../shared/merchant-portal";
import type { AuditRow } from "./merchant-activity.repository";

/** An audit row as the administrators' history shows it. */
export function toAuditEntryDto(row: AuditRow): MerchantAuditEntryDto {
  return {
    id: row.id,
    merchantId: row.merchantId,
    actor: row.actor,
    actorRole: row.actorRole as MerchantAuditEntryDto["actorRole"],
    action: row.action,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  };
}
