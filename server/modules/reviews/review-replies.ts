import type { ReviewDto, UserDto } from "../../../shared/api-types";
import { reviewReplySchema } from "../../../shared/schemas/order-review";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { catalogueChanges } from "../../cache/index";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import { toReviewDto } from "./reviews.presenter";
import * as repo from "./reviews.repository";

export const REVIEW_NOT_FOUND = "Reseña no encontrada";
export const REPLY_NOT_PUBLISHED_MESSAGE = "Solo puedes responder reseñas ya publicadas";

/** What the replies ask of the portal: whether the signed-in user manages the merchant (404). */
export interface ManagedCheck {
  requireManaged(user: UserDto, merchantId: number): Promise<void>;
}

/**
 * Issue 37: the merchant's one answer to a published review of its shop or of its products,
 * editable and removable from the portal's 'Reseñas'; administrators may remove it. Every
 * change is in the merchant's audit log and forgets its review's lists (the reply shows there).
 */
export function createReviewReplies(
  deps: Pick<ServiceDeps, "db" | "cache">,
  portal: ManagedCheck,
  activity: Pick<MerchantActivityService, "audit">,
) {
  const { db, cache } = deps;

  /** The merchant's own review, after the merchant itself (404 each, the merchant's first). */
  async function ownReview(user: UserDto, merchantId: number, reviewId: number) {
    await portal.requireManaged(user, merchantId);
    const review = await repo.findMerchantReview(db, merchantId, reviewId);
    if (!review) throw AppError.notFound(REVIEW_NOT_FOUND);
    return review;
  }

  return {
    /** PUT /api/merchant/{merchantId}/reviews/{reviewId}/reply: writes or edits the answer. */
    async reply(
      user: UserDto,
      merchantId: number,
      reviewId: number,
      input: unknown,
    ): Promise<ReviewDto> {
      const review = await ownReview(user, merchantId, reviewId);
      const { reply } = parseInput(reviewReplySchema, input);
      if (!review.isApproved) throw AppError.conflict(REPLY_NOT_PUBLISHED_MESSAGE);
      const row = await db.transaction(async (tx) => {
        const updated = await repo.setReply(tx, reviewId, reply);
        if (!updated) throw AppError.notFound(REVIEW_NOT_FOUND);
        await activity.audit(tx, {
          merchantId,
          user,
          action: review.reply === null ? "review.reply" : "review.reply.edit",
          summary: `${review.reply === null ? "Respondió" : "Editó la respuesta a"} la reseña #${reviewId} de ${review.userName}`,
        });
        return updated;
      });
      await cache.forget(catalogueChanges.review(row));
      return toReviewDto(row);
    },

    /** DELETE the same path: the answer is gone (nothing to remove is not an error). */
    async removeReply(user: UserDto, merchantId: number, reviewId: number): Promise<void> {
      const review = await ownReview(user, merchantId, reviewId);
      if (review.reply === null) return;
      await db.transaction(async (tx) => {
        await repo.setReply(tx, reviewId, null);
        await activity.audit(tx, {
          merchantId,
          user,
          action: "review.reply.remove",
          summary: `Quitó la respuesta a la reseña #${reviewId} de ${review.userName}`,
        });
      });
      await cache.forget(catalogueChanges.review(review));
    },

    /** DELETE /api/admin/reviews/{id}/reply: an administrator removes a merchant's answer. */
    async adminRemoveReply(user: UserDto, reviewId: number): Promise<ReviewDto> {
      const row = await db.transaction(async (tx) => {
        const [current] = await repo.findReviews(tx, [reviewId]);
        if (!current) throw AppError.notFound(REVIEW_NOT_FOUND);
        if (current.reply === null) return current;
        const updated = (await repo.setReply(tx, reviewId, null))!;
        const merchantId = await repo.reviewMerchantId(tx, current);
        if (merchantId !== null) {
          await activity.audit(tx, {
            merchantId,
            user,
            action: "review.reply.remove",
            summary: `Un administrador quitó la respuesta a la reseña #${reviewId} de ${current.userName}`,
          });
        }
        return updated;
      });
      await cache.forget(catalogueChanges.review(row));
      return toReviewDto(row);
    },
  };
}
