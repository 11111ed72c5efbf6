import type { Queryable } from "../../../db/client";
import type { ServiceDeps } from "../../service-deps";
import { FIXED_RECIPIENT_EMAILS_PER_HOUR } from "../mail/mail.service";
import {
  applicationReceivedEmail,
  approvedEmail,
  loginLinkEmail,
  newApplicationEmail,
  rejectedEmail,
  reviewWaitingEmail,
  reviewPublishedEmail,
  confirmSignInEmail,
  contactEmailChangedEmail,
} from "./merchant-notices.templates";
import * as repo from "./merchant-activity.repository";

/** What a notice needs of a merchant row. */
export interface NoticeMerchant {
  id: number;
  name: string;
  slug: string;
  email: string;
  phone: string;
  department: string | null;
  municipality: string | null;
  updatedAt: Date;
}

/**
 * The notices of issue 11, written to the mail outbox through the caller's transaction:
 * the e-mail exists exactly when the change it announces committed. Each has a dedupe key
 * naming its event, so a retried write never mails twice.
 */
export function createMerchantNotices(deps: Pick<ServiceDeps, "config" | "mail">) {
  const { config, mail } = deps;
  const publicUrl = config.publicUrl;

  /** Where a merchant's own notices go: its sign-in e-mail (its contact e-mail by default). */
  async function merchantAddress(tx: Queryable, merchant: NoticeMerchant): Promise<string> {
    return (await repo.noticeAddress(tx, merchant.id)) ?? merchant.email;
  }

  return {
    /** Registration: 'Recibimos tu solicitud' to the applicant, and the administrators told. */
    async applicationReceived(tx: Queryable, merchant: NoticeMerchant): Promise<void> {
      await mail.enqueue(
        tx,
        {
          kind: "merchant.received",
          dedupeKey: `merchant:${merchant.id}:received`,
          to: merchant.email,
          ...applicationReceivedEmail({ publicUrl, merchantName: merchant.name }),
        },
        // The applicant typed this address into a public form: the hourly cap applies.
        { publicForm: true },
      );
      // ADMIN_EMAILS, and every administrator account with an e-mail, each once.
      const admins = new Set([
        ...config.adminEmails,
        ...(await repo.administratorEmails(tx)).map((e) => e.toLowerCase()),
      ]);
      const email = newApplicationEmail({
        publicUrl,
        merchantName: merchant.name,
        department: merchant.department,
        municipality: merchant.municipality,
        email: merchant.email,
        phone: merchant.phone,
      });
      for (const to of admins) {
        await mail.enqueue(
          tx,
          {
            kind: "merchant.application",
            dedupeKey: `merchant:${merchant.id}:application:${to}`,
            to,
            replyTo: merchant.email,
            ...email,
          },
          // Anyone can apply: beyond 20 an hour, the administrators get one summary.
          {
            digest: {
              subject: "Más solicitudes de comercios en Tiangue",
              intro: `Llegaron más de ${FIXED_RECIPIENT_EMAILS_PER_HOUR} solicitudes en una hora; estas son las demás. Revísalas en el panel de administración.`,
              button: { label: "Ver las solicitudes", url: `${publicUrl}/admin` },
            },
          },
        );
      }
    },

    /** Approval: 'Tu comercio fue aprobado', with its public page and the portal. */
    async approved(tx: Queryable, merchant: NoticeMerchant): Promise<void> {
      await mail.enqueue(tx, {
        kind: "merchant.approved",
        dedupeKey: `merchant:${merchant.id}:approved:${merchant.updatedAt.toISOString()}`,
        to: await merchantAddress(tx, merchant),
        ...approvedEmail({ publicUrl, merchantName: merchant.name, merchantSlug: merchant.slug }),
      });
    },

    /** Rejection: 'Tu solicitud no fue aprobada', with the administrator's reason. */
    async rejected(tx: Queryable, merchant: NoticeMerchant, reason: string): Promise<void> {
      await mail.enqueue(tx, {
        kind: "merchant.rejected",
        dedupeKey: `merchant:${merchant.id}:rejected:${merchant.updatedAt.toISOString()}`,
        to: merchant.email,
        ...rejectedEmail({ publicUrl, merchantName: merchant.name, reason }),
      });
    },

    /** A new review of the merchant or one of its products waits for moderation. */
    async reviewWaiting(
      tx: Queryable,
      review: { id: number; merchantId: number | null; productId: number | null; rating: number },
    ): Promise<void> {
      const target = await repo.reviewTarget(tx, review);
      if (!target) return;
      const input = {
        reviewId: review.id,
        merchant: target.merchant,
        productName: target.productName,
        rating: review.rating,
      };
      await mail.enqueue(tx, {
        kind: "merchant.review",
        dedupeKey: `review:${input.reviewId}:merchant`,
        to: await merchantAddress(tx, input.merchant),
        ...reviewWaitingEmail({
          publicUrl,
          merchantName: input.merchant.name,
          productName: input.productName,
          rating: input.rating,
        }),
      });
    },

    /**
     * Issue 37: a review was published (approved): the merchant may answer it. Once per
     * review, even if it is approved again after a change.
     */
    async reviewPublished(
      tx: Queryable,
      review: {
        id: number;
        merchantId: number | null;
        productId: number | null;
        rating: number;
        comment: string;
        verifiedPurchase: boolean;
      },
    ): Promise<{ merchantId: number; merchantName: string; productName: string | null } | null> {
      const target = await repo.reviewTarget(tx, review);
      if (!target) return null;
      await mail.enqueue(tx, {
        kind: "merchant.review.published",
        dedupeKey: `review:${review.id}:published:merchant`,
        to: await merchantAddress(tx, target.merchant),
        ...reviewPublishedEmail({
          publicUrl,
          merchantId: target.merchant.id,
          merchantName: target.merchant.name,
          productName: target.productName,
          rating: review.rating,
          comment: review.comment,
          verifiedPurchase: review.verifiedPurchase,
        }),
      });
      return {
        merchantId: target.merchant.id,
        merchantName: target.merchant.name,
        productName: target.productName,
      };
    },

    /**
     * Issue 26: the link that confirms a new sign-in address (to it), and the notice to the
     * address that still signs in (the old one).
     */
    async signInEmailChange(
      tx: Queryable,
      input: {
        merchantName: string;
        oldEmail: string;
        newEmail: string;
        token: string;
        tokenHash: string;
      },
    ): Promise<void> {
      await mail.enqueue(tx, {
        kind: "merchant.sign-in-confirm",
        dedupeKey: `sign-in-confirm:${input.tokenHash}`,
        to: input.newEmail,
        ...confirmSignInEmail({ publicUrl, token: input.token, merchantName: input.merchantName }),
      });
      await mail.enqueue(tx, {
        kind: "merchant.email-changed",
        dedupeKey: `email-changed:${input.tokenHash}`,
        to: input.oldEmail,
        ...contactEmailChangedEmail({
          publicUrl,
          merchantName: input.merchantName,
          newEmail: input.newEmail,
        }),
      });
    },

    /** 'Entrar a Tiangue': the one-time sign-in link. */
    async loginLink(
      tx: Queryable,
      input: { to: string; token: string; tokenHash: string },
    ): Promise<void> {
      await mail.enqueue(tx, {
        kind: "merchant.login-link",
        dedupeKey: `login-link:${input.tokenHash}`,
        to: input.to,
        ...loginLinkEmail({ publicUrl, token: input.token }),
      });
    },
  };
}

export type MerchantNotices = ReturnType<typeof createMerchantNotices>;
