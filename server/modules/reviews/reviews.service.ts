import type { AdminReviewDto, ReviewDto } from "../../../shared/api-types";
import { reviewSchema } from "../../../shared/schemas/index";
import { invalidatePublicCatalogue, publicCache } from "../../cache/index";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../services";
import { refreshMerchantStats, refreshProductStats } from "../catalog/counts.repository";
import type { Queryable } from "../../../db/client";
import { toAdminReviewDto, toReviewDto } from "./reviews.presenter";
import * as repo from "./reviews.repository";

export const REVIEW_NOT_FOUND = "Reseña no encontrada";
export const MERCHANT_NOT_FOUND = "Comercio no encontrado";
export const PRODUCT_NOT_FOUND = "Producto no encontrado";

export interface ReviewFilter {
  merchantId?: number;
  productId?: number;
}

/** Ratings and counts only include approved reviews, so every moderation step recounts. */
async function refreshTargetStats(tx: Queryable, review: repo.ReviewRow) {
  if (review.productId !== null) await refreshProductStats(tx, [review.productId]);
  if (review.merchantId !== null) await refreshMerchantStats(tx, [review.merchantId]);
}

export function createReviewsService({ db }: ServiceDeps) {
  const cache = publicCache(db);

  return {
    /** Approved reviews of public merchants and products, newest first (never e-mails). */
    async listPublic(filter: ReviewFilter = {}): Promise<ReviewDto[]> {
      const key = `reviews.list:${filter.merchantId ?? ""}:${filter.productId ?? ""}`;
      return cache.get(key, async () => {
        const rows = await repo.listApprovedPublicReviews(db, filter);
        return rows.map(toReviewDto);
      });
    },

    /** A shopper's review of one public merchant or product; it waits for moderation, so nothing public changes. */
    async submit(input: unknown): Promise<ReviewDto> {
      const review = parseInput(reviewSchema, input);
      const row = await db.transaction(async (tx) => {
        if (review.merchantId != null) {
          if (!(await repo.lockPublicMerchant(tx, review.merchantId))) {
            throw AppError.notFound(MERCHANT_NOT_FOUND);
          }
        } else if (review.productId != null) {
          if (!(await repo.lockPublicProduct(tx, review.productId))) {
            throw AppError.notFound(PRODUCT_NOT_FOUND);
          }
        }
        return repo.insertReview(tx, {
          userId: review.userId ?? null,
          userName: review.userName,
          userEmail: review.userEmail,
          rating: review.rating,
          comment: review.comment,
          merchantId: review.merchantId ?? null,
          productId: review.productId ?? null,
        });
      });
      return toReviewDto(row);
    },

    async listAdmin(): Promise<AdminReviewDto[]> {
      const rows = await repo.listAllReviews(db);
      return rows.map(toAdminReviewDto);
    },

    async approve(id: number): Promise<ReviewDto> {
      const row = await db.transaction(async (tx) => {
        const review = await repo.approveReview(tx, id);
        if (!review) throw AppError.notFound(REVIEW_NOT_FOUND);
        await refreshTargetStats(tx, review);
        return review;
      });
      await invalidatePublicCatalogue(db);
      return toReviewDto(row);
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const review = await repo.deleteReview(tx, id);
        if (!review) throw AppError.notFound(REVIEW_NOT_FOUND);
        await refreshTargetStats(tx, review);
      });
      await invalidatePublicCatalogue(db);
    },
  };
}
