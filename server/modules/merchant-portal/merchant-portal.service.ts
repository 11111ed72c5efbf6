import type { Queryable } from "../../../db/client";
import type { AdminMerchantDto, UserDto } from "../../../shared/api-types";
import {
  MERCHANT_NOT_MANAGED_MESSAGE,
  merchantProfileSchema,
  type MerchantAuditEntryDto,
  type MerchantMeDto,
} from "../../../shared/merchant-portal";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import type { AuthService } from "../auth/auth.service";
import type { MerchantsService } from "../merchants/merchants.service";
import type { createOrdersService } from "../orders/orders.service";
import type { PayoutsService } from "../payouts/payouts.service";
import type { ProductsService } from "../products/products.service";
import {
  MERCHANT_FIELD_LABELS,
  type MerchantActivityService,
} from "../merchant-activity/merchant-activity.service";
import * as repo from "./merchant-portal.repository";
import { noticeBankChange, type BankAfter, type BankBefore } from "./bank-change";
import { createPortalAccess } from "./portal-access";
import { createPortalOrders } from "./portal-orders";
import { createPortalProducts } from "./portal-products";
import { createPortalSignIn } from "./portal-sign-in";

export { MERCHANT_ROLE } from "../merchant-activity/merchant-activity.service";
export { LOGIN_LINK_WINDOW_MS, LOGIN_LINKS_PER_EMAIL, tokenHash } from "./portal-sign-in";
export { UPLOAD_OTHER_MERCHANT } from "./portal-products";

/** What a merchant may send as its profile: the labels of the fields it sent. */
const PROFILE_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(MERCHANT_FIELD_LABELS).filter(
    ([key]) => !["name", "categoryId", "isActive"].includes(key),
  ),
);

/**
 * Issue 11: merchants' sign-in by e-mail link (portal-sign-in.ts), and the portal's reads and
 * writes, each scoped to the merchants the session's e-mail manages (anything else answers
 * 404; portal-access.ts): the profile here, the products (portal-products.ts), the orders and
 * the ledger (portal-orders.ts).
 */
export function createMerchantPortalService(
  deps: ServiceDeps,
  services: {
    merchants: MerchantsService;
    products: ProductsService;
    orders: ReturnType<typeof createOrdersService>;
    auth: AuthService;
    payouts: PayoutsService;
    activity: MerchantActivityService;
  },
) {
  const { db, config } = deps;
  const { notices } = services.activity;
  const access = createPortalAccess(deps, services);
  const { audit, requireManaged, requireMerchantRow } = access;
  const signIn = createPortalSignIn(deps, services, access);

  return {
    notices,

    /** Issue 37 L5: the bank-details notice, for the administrator's edit too. */
    noticeBankChange: (tx: Queryable, before: BankBefore, row: BankAfter) =>
      noticeBankChange(deps, tx, before, row),

    ...signIn.forMerchants,

    async me(user: UserDto): Promise<MerchantMeDto> {
      const email = user.email ?? "";
      return { email, merchants: email ? await repo.managedMerchants(db, email) : [] };
    },

    async getMerchant(user: UserDto, merchantId: number): Promise<AdminMerchantDto> {
      await requireManaged(user, merchantId);
      return requireMerchantRow(merchantId);
    },

    /**
     * PUT /api/merchant/{id}: the profile through the merchants service's own update (same
     * rules, hours, caches), with the name and category kept as stored; audited in its
     * transaction.
     */
    async updateProfile(
      user: UserDto,
      merchantId: number,
      input: unknown,
    ): Promise<AdminMerchantDto> {
      await requireManaged(user, merchantId);
      parseInput(merchantProfileSchema, input);
      const body = input as Record<string, unknown>;
      const current = await requireMerchantRow(merchantId);
      const {
        name: _name,
        slug: _slug,
        categoryId: _categoryId,
        isActive: _isActive,
        approved: _approved,
        ...profile
      } = body;
      const changed = Object.keys(profile)
        .map((key) => PROFILE_LABELS[key])
        .filter(Boolean);
      const updated = await services.merchants.update(
        merchantId,
        { ...profile, name: current.name, categoryId: current.categoryId },
        {
          after: async (tx, before, row) => {
            await audit(tx, merchantId, user, "profile.update", `Datos: ${changed.join(", ")}`);
            await signIn.guardSignInEmail(tx, user, before, row);
            await noticeBankChange(deps, tx, before, row);
          },
        },
      );
      return updated;
    },

    ...createPortalProducts(services.products, access),
    ...createPortalOrders(services, access),

    // --- Administrators ---------------------------------------------------------------

    ...signIn.forAdmins,

    async auditLog(merchantId: number): Promise<MerchantAuditEntryDto[]> {
      if (!(await repo.findSignInEmail(db, merchantId))) {
        throw AppError.notFound(MERCHANT_NOT_MANAGED_MESSAGE);
      }
      return services.activity.auditLog(merchantId);
    },

    purgeLoginTokens: () => repo.purgeLoginTokens(db),
    /** For the portal's routes of other modules (notices, live orders): 404 unless managed. */
    requireManaged,
    config,
  };
}

export type MerchantPortalService = ReturnType<typeof createMerchantPortalService>;
