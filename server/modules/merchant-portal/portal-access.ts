import type { Queryable } from "../../../db/client";
import type { UserDto } from "../../../shared/api-types";
import { MERCHANT_NOT_MANAGED_MESSAGE } from "../../../shared/merchant-portal";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import type { MerchantsService } from "../merchants/merchants.service";
import { PRODUCT_NOT_FOUND } from "../products/products.service";
import * as repo from "./merchant-portal.repository";

/**
 * What every part of the portal checks first: that the signed-in merchant user manages the
 * merchant (anything else answers 404), and the audit row each change writes.
 */
export function createPortalAccess(
  { db }: Pick<ServiceDeps, "db">,
  services: {
    merchants: Pick<MerchantsService, "getById">;
    activity: Pick<MerchantActivityService, "audit">;
  },
) {
  /** An audit row, always through the transaction of the change it records. */
  const audit = (
    tx: Queryable,
    merchantId: number,
    user: UserDto,
    action: string,
    summary: string,
  ) => services.activity.audit(tx, { merchantId, user, action, summary });

  /** 404 unless the signed-in merchant user manages this approved merchant. */
  async function requireManaged(user: UserDto, merchantId: number): Promise<void> {
    if (!user.email || !(await repo.managesMerchant(db, user.email, merchantId))) {
      throw AppError.notFound(MERCHANT_NOT_MANAGED_MESSAGE);
    }
  }

  async function requireOwnProduct(user: UserDto, merchantId: number, productId: number) {
    await requireManaged(user, merchantId);
    if ((await repo.productMerchant(db, productId)) !== merchantId) {
      throw AppError.notFound(PRODUCT_NOT_FOUND);
    }
  }

  async function requireMerchantRow(merchantId: number) {
    const row = await services.merchants.getById(merchantId);
    if (!row) throw AppError.notFound(MERCHANT_NOT_MANAGED_MESSAGE);
    return row;
  }

  return { audit, requireManaged, requireOwnProduct, requireMerchantRow };
}

export type PortalAccess = ReturnType<typeof createPortalAccess>;
