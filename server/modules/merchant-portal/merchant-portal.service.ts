import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../../../db/client";
import type { AdminMerchantDto, ProductDto, UserDto } from "../../../shared/api-types";
import {
  loginLinkRequestSchema,
  MERCHANT_NOT_MANAGED_MESSAGE,
  merchantLoginSchema,
  merchantProfileSchema,
  signInEmailSchema,
  type MerchantAuditEntryDto,
  type MerchantMeDto,
  type MerchantOrderDto,
  type SignInEmailDto,
} from "../../../shared/merchant-portal";
import {
  LOGIN_LINK_INVALID_MESSAGE,
  LOGIN_LINK_TTL_MINUTES,
} from "../../../shared/merchant-sign-in";
import { ORDER_STATUS_LABELS } from "../../../shared/order-status";
import type { AdminOrderDto } from "../../../shared/checkout";
import {
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_STATUS_MESSAGE,
  FULFILLMENT_STATUSES,
  type FulfillmentStatus,
} from "../../../shared/order-life";
import type { AdminListQuery } from "../../../shared/schemas/list-queries";
import { AppError, parseInput } from "../../errors";
import { hitCounter } from "../../http/rate-limit";
import type { ServiceDeps } from "../../service-deps";
import type { Paged } from "../catalog/paging";
import type { AuthService } from "../auth/auth.service";
import type { MerchantsService } from "../merchants/merchants.service";
import type { createOrdersService } from "../orders/orders.service";
import type { PayoutsService } from "../payouts/payouts.service";
import type { ProductsService } from "../products/products.service";
import { PRODUCT_NOT_FOUND } from "../products/products.service";
import {
  MERCHANT_FIELD_LABELS,
  MERCHANT_ROLE,
  type MerchantActivityService,
} from "../merchant-activity/merchant-activity.service";
import * as repo from "./merchant-portal.repository";
import { noticeBankChange, type BankAfter, type BankBefore } from "./bank-change";
import { countSignInChange } from "./sign-in-change-cap";

export { MERCHANT_ROLE } from "../merchant-activity/merchant-activity.service";
/** The portal's order list: the newest this many. */
const MERCHANT_ORDERS_MAX = 500;
/** Sign-in links one e-mail address may receive in LOGIN_LINK_WINDOW_MS (whatever its owner). */
export const LOGIN_LINKS_PER_EMAIL = 3;
export const LOGIN_LINK_WINDOW_MS = 15 * 60 * 1000;

/** What the audit log says an order now is: its status when cancelled or paid, else its step. */
const stateOf = (order: AdminOrderDto) =>
  order.status === "pending"
    ? FULFILLMENT_STATUS_LABELS[order.fulfillmentStatus]
    : `${ORDER_STATUS_LABELS[order.status]} · ${FULFILLMENT_STATUS_LABELS[order.fulfillmentStatus]}`;

/** Tokens are stored as their SHA-256: the e-mail holds the only copy of the token itself. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a merchant may send as its profile: the labels of the fields it sent. */
const PROFILE_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(MERCHANT_FIELD_LABELS).filter(
    ([key]) => !["name", "categoryId", "isActive"].includes(key),
  ),
);

/** A portal upload names only its own merchant (the URL's); anything else is refused. */
export const UPLOAD_OTHER_MERCHANT = "Solo puedes subir productos a tu propio comercio";

/** Refuses an upload whose body or rows name a merchant other than the portal's. */
function checkUploadMerchant(merchantId: number, input: unknown) {
  const body = (typeof input === "object" && input !== null ? input : {}) as {
    merchantId?: unknown;
    products?: unknown;
  };
  const foreign = (value: unknown) =>
    value !== undefined && value !== null && value !== "" && String(value) !== String(merchantId);
  const errors: { path: string; message: string }[] = [];
  if (foreign(body.merchantId)) errors.push({ path: "merchantId", message: UPLOAD_OTHER_MERCHANT });
  if (Array.isArray(body.products)) {
    body.products.forEach((row: unknown, index) => {
      const { merchantId: rowMerchant, line } = (
        typeof row === "object" && row !== null ? row : {}
      ) as { merchantId?: unknown; line?: unknown };
      if (!foreign(rowMerchant)) return;
      const lineNo = Number.isInteger(line) && (line as number) > 0 ? line : index + 2;
      errors.push({
        path: `products.${index}.merchantId`,
        message: `Línea ${lineNo}: ${UPLOAD_OTHER_MERCHANT}`,
      });
    });
  }
  if (errors.length > 0) throw AppError.validation(errors);
}

/**
 * Issue 11: merchants' sign-in by e-mail link, and the portal's reads and writes, each
 * scoped to the merchants the session's e-mail manages (anything else answers 404).
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

  /**
   * Orders are one per merchant (issue 10): all their lines are its own. The shopper's cart id
   * and payment link stay out (issue 37, M2): the cart id is all the cart routes ask for.
   */
  const asMerchantOrder = ({
    sessionId: _cart,
    paymentId: _payment,
    paymentUrl: _link,
    ...order
  }: AdminOrderDto): MerchantOrderDto => ({
    ...order,
    merchantTotal: order.totalAmount,
  });

  async function requireMerchantRow(merchantId: number) {
    const row = await services.merchants.getById(merchantId);
    if (!row) throw AppError.notFound(MERCHANT_NOT_MANAGED_MESSAGE);
    return row;
  }

  /**
   * Writes a new one-time link for `email` and queues its e-mail, in one transaction
   * (with `after`'s writes: the audit row of an administrator's sending).
   */
  async function sendLink(email: string, after?: (tx: Queryable) => Promise<void>): Promise<void> {
    const token = randomBytes(32).toString("base64url"); // 256 bits
    const hash = tokenHash(token);
    const expiresAt = new Date(Date.now() + LOGIN_LINK_TTL_MINUTES * 60 * 1000);
    await db.transaction(async (tx) => {
      await repo.insertLoginToken(tx, { tokenHash: hash, email, expiresAt });
      await notices.loginLink(tx, { to: email, token, tokenHash: hash });
      if (after) await after(tx);
    });
  }

  /** Sign-in link requests answered and still being looked up or queued (issue 26). */
  const pendingLinks = new Set<Promise<void>>();

  /** The body and the per-address count: the same work for any e-mail. Returns the e-mail. */
  async function acceptLoginLinkRequest(input: unknown): Promise<string> {
    const email = parseInput(loginLinkRequestSchema, input).email.toLowerCase();
    const counter = await hitCounter(db, `merchant-link:${email}`, LOGIN_LINK_WINDOW_MS);
    if (counter.hits > LOGIN_LINKS_PER_EMAIL) throw AppError.rateLimited();
    return email;
  }

  /** A link only for an e-mail that manages an approved merchant and is no administrator's. */
  async function deliverLoginLink(email: string): Promise<void> {
    if ((await repo.managedMerchants(db, email)).length === 0) return;
    if (!(await services.auth.merchantEmailAllowed(email))) return;
    await sendLink(email);
  }

  /**
   * Issue 26: a merchant's new contact e-mail is not its sign-in e-mail until a link sent to
   * it is used. When the contact e-mail moves away from the sign-in one (and the sign-in one
   * is the contact e-mail, or already waits for such a change; an administrator's own choice
   * of sign-in e-mail stands), the old address is pinned as the sign-in one, the new one
   * gets a sign-in link that confirms it, and the old one is told. In the profile's
   * transaction.
   */
  async function guardSignInEmail(
    tx: Queryable,
    user: UserDto,
    before: { email: string },
    row: { id: number; name: string; email: string },
  ): Promise<void> {
    const newEmail = row.email.toLowerCase();
    const stored = await repo.findSignInEmail(tx, row.id);
    if (!stored) return;
    // The row is already updated: without a custom address, the sign-in one was the old contact.
    const signIn = stored.custom ? stored.email : before.email.toLowerCase();
    if (signIn === newEmail) return;
    const pending = await repo.findSignInChange(tx, row.id);
    if (stored.custom && !pending) return;
    if (pending?.email === newEmail) return;
    await countSignInChange(tx, row.id);
    if (!stored.custom) await repo.setSignInEmail(tx, row.id, signIn);
    const token = randomBytes(32).toString("base64url");
    const hash = tokenHash(token);
    const expiresAt = new Date(Date.now() + LOGIN_LINK_TTL_MINUTES * 60 * 1000);
    await repo.insertLoginToken(tx, { tokenHash: hash, email: newEmail, expiresAt });
    await repo.upsertSignInChange(tx, { merchantId: row.id, email: newEmail, tokenHash: hash });
    await notices.signInEmailChange(tx, {
      merchantName: row.name,
      oldEmail: signIn,
      newEmail,
      token,
      tokenHash: hash,
    });
    await audit(
      tx,
      row.id,
      user,
      "sign-in-email.pending",
      `Correo de acceso por confirmar: ${newEmail}`,
    );
  }

  return {
    notices,

    /** Issue 37 L5: the bank-details notice, for the administrator's edit too. */
    noticeBankChange: (tx: Queryable, before: BankBefore, row: BankAfter) =>
      noticeBankChange(deps, tx, before, row),

    /**
     * POST /api/merchant/login-link: a link only for an e-mail that manages an approved
     * merchant (and is no administrator's account); the caller answers the same either way.
     * Each address gets at most LOGIN_LINKS_PER_EMAIL requests a window, known or not.
     */
    async requestLoginLink(input: unknown): Promise<void> {
      await deliverLoginLink(await acceptLoginLinkRequest(input));
    },

    /**
     * The route's two halves (issue 26): what every request costs alike (the body, the
     * per-address count) before the 202, and the lookup and the e-mail after it, so the
     * answer's timing tells nothing about which e-mails are merchants'. `later` tracks the
     * second half (`settled()` waits for it: tests, and the server's close).
     */
    acceptLoginLinkRequest,
    later(email: string, onError: (error: unknown) => void): void {
      const work = deliverLoginLink(email).catch(onError);
      pendingLinks.add(work);
      void work.finally(() => pendingLinks.delete(work));
    },
    async settled(): Promise<void> {
      while (pendingLinks.size > 0) await Promise.all([...pendingLinks]);
    },

    /** POST /api/merchant/login: uses the token up and answers the merchant user to sign in. */
    async login(input: unknown): Promise<{ user: UserDto; me: MerchantMeDto }> {
      const { token } = parseInput(merchantLoginSchema, input);
      const hash = tokenHash(token);
      const email = await db.transaction(async (tx) => {
        const used = await repo.consumeLoginToken(tx, hash);
        // The link that confirms a new sign-in address (issue 26) makes it the sign-in one.
        const change = used ? await repo.takeSignInChange(tx, hash) : undefined;
        if (used && change && change.email === used.toLowerCase()) {
          if ((await repo.contactEmail(tx, change.merchantId)) === change.email) {
            await repo.clearSignInEmail(tx, change.merchantId);
          } else {
            await repo.setSignInEmail(tx, change.merchantId, change.email);
          }
          // Who: the new address itself (its user account is made at sign-in, below).
          await services.activity.auditByAddress(tx, {
            merchantId: change.merchantId,
            email: change.email,
            role: MERCHANT_ROLE,
            action: "sign-in-email.confirm",
            summary: `Correo de acceso confirmado: ${change.email}`,
          });
        }
        return used;
      });
      if (!email) throw AppError.unauthorized(LOGIN_LINK_INVALID_MESSAGE);
      const merchants = await repo.managedMerchants(db, email);
      if (merchants.length === 0) throw AppError.unauthorized(LOGIN_LINK_INVALID_MESSAGE);
      // An administrator's e-mail never opens a merchant session (decision 0010).
      const user = await services.auth.merchantUser(email);
      if (!user) throw AppError.unauthorized(LOGIN_LINK_INVALID_MESSAGE);
      return { user, me: { email, merchants } };
    },

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
            await guardSignInEmail(tx, user, before, row);
            await noticeBankChange(deps, tx, before, row);
          },
        },
      );
      return updated;
    },

    /** One page of the merchant's products, newest first; `q` searches their names. */
    async listProducts(
      user: UserDto,
      merchantId: number,
      query: AdminListQuery = {},
    ): Promise<Paged<ProductDto>> {
      await requireManaged(user, merchantId);
      return services.products.listAdmin({ ...query, merchantId });
    },

    async createProduct(user: UserDto, merchantId: number, input: unknown): Promise<ProductDto> {
      await requireManaged(user, merchantId);
      const body = typeof input === "object" && input !== null ? input : {};
      return services.products.create({ ...body, merchantId }, { actor: user });
    },

    /**
     * POST /api/merchant/{id}/bulk-upload-products: the admin's CSV upload (same body, rules
     * and all-or-nothing write), always into the URL's merchant. A body or row naming another
     * merchant is refused (400, nothing written) rather than moved: a script that sends the
     * wrong file learns it.
     */
    async bulkUpload(
      user: UserDto,
      merchantId: number,
      input: unknown,
    ): Promise<{ created: number; products: ProductDto[] }> {
      await requireManaged(user, merchantId);
      checkUploadMerchant(merchantId, input);
      const body = typeof input === "object" && input !== null ? input : {};
      return services.products.bulkUpload({ ...body, merchantId }, { actor: user });
    },

    async updateProduct(
      user: UserDto,
      merchantId: number,
      productId: number,
      input: unknown,
    ): Promise<ProductDto> {
      await requireOwnProduct(user, merchantId, productId);
      return services.products.update(productId, input, { actor: user });
    },

    /**
     * Issue 36: the product list's one tap, 'Marcar agotado' / 'Hay de nuevo' (`soldOut`),
     * and a count (`stock`) when given.
     */
    async setProductStock(
      user: UserDto,
      merchantId: number,
      productId: number,
      input: unknown,
    ): Promise<ProductDto> {
      await requireOwnProduct(user, merchantId, productId);
      return services.products.setStock(productId, input, { actor: user });
    },

    async deleteProduct(user: UserDto, merchantId: number, productId: number): Promise<void> {
      await requireOwnProduct(user, merchantId, productId);
      await services.products.remove(productId, { actor: user });
    },

    /** Its orders, newest first; `fulfillmentStatus` keeps those at that step. */
    async listOrders(
      user: UserDto,
      merchantId: number,
      query: { fulfillmentStatus?: unknown } = {},
    ): Promise<MerchantOrderDto[]> {
      await requireManaged(user, merchantId);
      const step = query.fulfillmentStatus;
      if (step !== undefined && !FULFILLMENT_STATUSES.includes(step as FulfillmentStatus)) {
        throw AppError.badRequest(FULFILLMENT_STATUS_MESSAGE);
      }
      const { orders } = await services.orders.listForMerchant(merchantId, {
        limit: MERCHANT_ORDERS_MAX,
        offset: 0,
        fulfillmentStatus: step as FulfillmentStatus | undefined,
      });
      return orders.map(asMerchantOrder);
    },

    /**
     * A later step, `paid` or `cancelled` with a reason (issue 25; the orders service holds
     * the rules), audited in the change's transaction.
     */
    async setOrderStatus(
      user: UserDto,
      merchantId: number,
      orderId: number,
      input: unknown,
    ): Promise<MerchantOrderDto> {
      await requireManaged(user, merchantId);
      // Scoped by merchant: another merchant's order is not found (404).
      const order = await services.orders.changeForMerchant(merchantId, orderId, input, {
        after: (tx, changed) =>
          audit(
            tx,
            merchantId,
            user,
            "order.status",
            `Pedido ${changed.orderNumber}: ${stateOf(changed)}`,
          ),
      });
      return asMerchantOrder(order);
    },

    /** Its 'Liquidaciones': what its delivered card orders owe it, and what it was paid. */
    async ledger(user: UserDto, merchantId: number) {
      await requireManaged(user, merchantId);
      return services.payouts.ledger(merchantId);
    },

    // --- Administrators ---------------------------------------------------------------

    async signInEmail(merchantId: number): Promise<SignInEmailDto> {
      const found = await repo.findSignInEmail(db, merchantId);
      if (!found) throw AppError.notFound(MERCHANT_NOT_MANAGED_MESSAGE);
      return found;
    },

    async setSignInEmail(admin: UserDto, merchantId: number, input: unknown) {
      const email = parseInput(signInEmailSchema, input).email.toLowerCase();
      return db.transaction(async (tx) => {
        if (!(await repo.findSignInEmail(tx, merchantId))) {
          throw AppError.notFound(MERCHANT_NOT_MANAGED_MESSAGE);
        }
        await repo.setSignInEmail(tx, merchantId, email);
        await audit(tx, merchantId, admin, "sign-in-email.update", `Correo de acceso: ${email}`);
        return (await repo.findSignInEmail(tx, merchantId))!;
      });
    },

    /** The admin's 'Enviar enlace de acceso': to the merchant's sign-in e-mail, if approved. */
    async sendLoginLinkFor(admin: UserDto, merchantId: number): Promise<{ email: string }> {
      const row = await requireMerchantRow(merchantId);
      if (!row.approved) {
        throw AppError.conflict("Aprueba el comercio antes de enviarle un enlace de acceso");
      }
      const { email } = (await repo.findSignInEmail(db, merchantId))!;
      if (!(await services.auth.merchantEmailAllowed(email))) {
        throw AppError.conflict(
          "Ese correo es de un administrador: cambia el correo de acceso del comercio",
        );
      }
      await sendLink(email, (tx) =>
        audit(tx, merchantId, admin, "login-link.send", `Enlace de acceso enviado a ${email}`),
      );
      return { email };
    },

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
