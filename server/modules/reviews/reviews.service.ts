import { randomUUID } from "node:crypto";
import type { AdminReviewDto, ReviewDto, ReviewPageDto } from "../../../shared/api-types";
import { reviewSchema } from "../../../shared/schemas/index";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { refreshMerchantStats, refreshProductStats } from "../catalog/counts.repository";
import { ADMIN_PAGE_SIZE, REVIEWS_PAGE_SIZE } from "../../../shared/limits";
import type { AdminReviewListQuery } from "../../../shared/schemas/list-queries";
import { checkPage, type PageQuery, type Paged } from "../catalog/paging";
import type { Queryable } from "../../../db/client";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import { toAdminReviewDto, toReviewDto } from "./reviews.presenter";
import { lockPublicMerchant, lockPublicProduct } from "../catalog/catalog.repository";
import * as repo from "./reviews.repository";
import { pageTotal } from "../catalog/page-total";
import { catalogueChanges, catalogueTags } from "../../cache/index";
import type { NoticesService } from "../notices/notices.service";
import { createOrderReviews, type OrderPageReader } from "./order-reviews";
import { createReviewReplies, REVIEW_NOT_FOUND, type ManagedCheck } from "./review-replies";

export { REVIEW_NOT_FOUND };
export const MERCHANT_NOT_FOUND = "Comercio no encontrado";
export const PRODUCT_NOT_FOUND = "Producto no encontrado";

export type ReviewFilter = repo.PublicReviewFilter;

/**
 * Reviews a page of GET /api/reviews holds unless `limit` asks for fewer: the most the
 * lists answer (PAGE_MAX), so the spec's `?merchantId=…&approved=true` still shows a
 * merchant's or product's reviews whole up to 100, and the pages offer the rest.
 */
export const REVIEW_PAGE_SIZE = REVIEWS_PAGE_SIZE;

/**
 * The reviewer's id is the server's, never the client's: spec §7's payload carries a
 * client-made `userId` ('user-' and a timestamp), which is accepted and ignored, since
 * anyone could write any id there. There are no shopper accounts: the id is random, in
 * the spec's 'user-' style ('user-' and a UUID), and ties a review to nothing else.
 */
function newReviewerId(): string {
  return `user-${randomUUID()}`;
}

/**
 * A review list's tags (server/cache/tags.ts): its target's lists (of a merchant, of a
 * product, or every published review), which each published, removed or answered review
 * of the target forgets.
 */
function reviewListTags(filter: ReviewFilter): string[] {
  const tags = [];
  if (filter.productId !== undefined)
    tags.push(catalogueTags.reviewsOf({ productId: filter.productId }));
  if (filter.merchantId !== undefined) {
    tags.push(catalogueTags.reviewsOf({ merchantId: filter.merchantId }));
  }
  return tags.length > 0 ? tags : [catalogueTags.reviewsOf({})];
}

/** Ratings and counts only include approved reviews, so every moderation step recounts. */
async function refreshTargetStats(tx: Queryable, review: repo.ReviewRow) {
  if (review.productId !== null) await refreshProductStats(tx, [review.productId]);
  if (review.merchantId !== null) await refreshMerchantStats(tx, [review.merchantId]);
}

/**
 * Reads answered from the public-read cache (server/cache): a page whose loader calls only
 * these may be kept rendered (server/http/web-app.ts). Checked against the service below.
 */
export const CACHEABLE_READS = [
  "listPublic",
  "verifiedCount",
] as const satisfies readonly (keyof ReturnType<typeof createReviewsService>)[];

/** What the reviews take from other modules (issue 37), handed over by server/services.ts. */
export interface ReviewsServiceLinks {
  /** The checkout module: an order's page by its number and token (the token routes' 404). */
  orders: OrderPageReader;
  /** The portal: 404 unless the signed-in user manages the merchant. */
  portal: ManagedCheck;
  /** The notices module: the merchant's push of a published review. */
  push: Pick<NoticesService, "merchantReviewNotice">;
}

export function createReviewsService(
  deps: ServiceDeps,
  activity: MerchantActivityService,
  links: ReviewsServiceLinks,
) {
  const { db, cache: catalogue, config } = deps;
  const cache = catalogue.reads;
  const { notices } = activity;

  /** Issue 37: a review just published reaches its merchant (e-mail, and push when on). */
  async function announcePublished(tx: Queryable, review: repo.ReviewRow) {
    const target = await notices.reviewPublished(tx, review);
    if (!target) return;
    await links.push.merchantReviewNotice(tx, {
      merchantId: target.merchantId,
      reviewId: review.id,
      title: `Reseña publicada: ${review.rating} de 5 · ${target.productName ?? target.merchantName}`,
      body: `${review.userName}${review.verifiedPurchase ? " (compra verificada)" : ""}: ${review.comment.slice(0, 120)}`,
      url: `${config.publicUrl}/merchant?comercio=${target.merchantId}&tab=resenas`,
    });
  }

  return {
    ...createOrderReviews(deps, links.orders),
    ...createReviewReplies(deps, links.portal, activity),

    /** One page of approved reviews of public merchants and products, newest first (never e-mails). */
    async listPublic(filter: ReviewFilter = {}, page: PageQuery = {}): Promise<ReviewPageDto> {
      const { limit, offset } = checkPage(page, REVIEW_PAGE_SIZE);
      const key = `reviews.page:${filter.merchantId ?? ""}:${filter.productId ?? ""}:${filter.verified ? "v" : ""}:${limit}:${offset}`;
      return cache.get(
        key,
        async () => {
          const rows = await repo.listApprovedPublicReviews(db, filter, { limit, offset });
          // A page with room left holds the last review: the count is known without a query.
          const total =
            pageTotal({ limit, offset }, rows.length) ??
            (await repo.countApprovedPublicReviews(db, filter));
          return { items: rows.map(toReviewDto), total };
        },
        () => reviewListTags(filter),
      );
    },

    /**
     * A shopper's review of one public merchant or product; it waits for moderation, so
     * nothing public changes. The payload's `userId` is ignored (newReviewerId).
     */
    async submit(input: unknown): Promise<ReviewDto> {
      const review = parseInput(reviewSchema, input);
      const row = await db.transaction(async (tx) => {
        if (review.merchantId != null) {
          if (!(await lockPublicMerchant(tx, review.merchantId))) {
            throw AppError.notFound(MERCHANT_NOT_FOUND);
          }
        } else if (review.productId != null) {
          if (!(await lockPublicProduct(tx, review.productId))) {
            throw AppError.notFound(PRODUCT_NOT_FOUND);
          }
        }
        const inserted = await repo.insertReview(tx, {
          userId: newReviewerId(),
          userName: review.userName,
          userEmail: review.userEmail,
          rating: review.rating,
          comment: review.comment,
          merchantId: review.merchantId ?? null,
          productId: review.productId ?? null,
        });
        // The merchant hears of it (issue 11) exactly when the review is stored.
        await notices.reviewWaiting(tx, inserted);
        return inserted;
      });
      return toReviewDto(row);
    },

    /** Issue 37: how many published reviews of the merchant are verified purchases. */
    async verifiedCount(merchantId: number): Promise<number> {
      return cache.get(
        `reviews.verified:${merchantId}`,
        () => repo.countVerifiedMerchantReviews(db, merchantId),
        () => [catalogueTags.reviewsOf({ merchantId })],
      );
    },

    /** Every review, newest first: one page, pending or approved ones, `q` in author or text. */
    async listAdmin(query: AdminReviewListQuery = {}): Promise<Paged<AdminReviewDto>> {
      const { rows, total } = await repo.listAllReviews(db, {
        status: query.status,
        verified: query.verified,
        q: query.q,
        ...checkPage(query, ADMIN_PAGE_SIZE),
      });
      return { items: rows.map(toAdminReviewDto), total };
    },

    async approve(id: number): Promise<ReviewDto> {
      const row = await db.transaction(async (tx) => {
        const review = await repo.approveReview(tx, id);
        if (!review) throw AppError.notFound(REVIEW_NOT_FOUND);
        await refreshTargetStats(tx, review);
        await announcePublished(tx, review);
        return review;
      });
      await catalogue.forget(catalogueChanges.review(row, { rating: true }));
      return toReviewDto(row);
    },

    async remove(id: number): Promise<void> {
      const review = await db.transaction(async (tx) => {
        const review = await repo.deleteReview(tx, id);
        if (!review) throw AppError.notFound(REVIEW_NOT_FOUND);
        await refreshTargetStats(tx, review);
        return review;
      });
      // A review waiting for moderation was shown nowhere.
      if (review.isApproved) {
        await catalogue.forget(catalogueChanges.review(review, { rating: true }));
      }
    },
  };
}
