import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../../../db/client";
import type { UserDto } from "../../../shared/api-types";
import {
  loginLinkRequestSchema,
  MERCHANT_NOT_MANAGED_MESSAGE,
  merchantLoginSchema,
  signInEmailSchema,
  type MerchantMeDto,
  type SignInEmailDto,
} from "../../../shared/merchant-portal";
import {
  LOGIN_LINK_INVALID_MESSAGE,
  LOGIN_LINK_TTL_MINUTES,
} from "../../../shared/merchant-sign-in";
import { AppError, parseInput } from "../../errors";
import { hitCounter } from "../../http/rate-limit";
import type { ServiceDeps } from "../../service-deps";
import type { AuthService } from "../auth/auth.service";
import {
  MERCHANT_ROLE,
  type MerchantActivityService,
} from "../merchant-activity/merchant-activity.service";
import * as repo from "./merchant-portal.repository";
import type { PortalAccess } from "./portal-access";
import { countSignInChange } from "./sign-in-change-cap";

/** Sign-in links one e-mail address may receive in LOGIN_LINK_WINDOW_MS (whatever its owner). */
export const LOGIN_LINKS_PER_EMAIL = 3;
export const LOGIN_LINK_WINDOW_MS = 15 * 60 * 1000;

/** Tokens are stored as their SHA-256: the e-mail holds the only copy of the token itself. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issue 11: merchants' sign-in by a one-time e-mail link, the confirmation of a new sign-in
 * address (issue 26), and the administrators' view and choice of a merchant's sign-in e-mail.
 */
export function createPortalSignIn(
  { db }: Pick<ServiceDeps, "db">,
  services: {
    auth: Pick<AuthService, "merchantEmailAllowed" | "merchantUser">;
    activity: Pick<MerchantActivityService, "notices" | "auditByAddress">;
  },
  { audit, requireMerchantRow }: Pick<PortalAccess, "audit" | "requireMerchantRow">,
) {
  const { notices } = services.activity;

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

  /** The merchants' own sign-in. */
  const forMerchants = {
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
  };

  /** The administrators' view and choice of a merchant's sign-in e-mail. */
  const forAdmins = {
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
  };

  return { forMerchants, forAdmins, guardSignInEmail };
}
