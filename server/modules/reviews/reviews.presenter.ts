import type { AdminReviewDto, ReviewDto } from "../../../shared/api-types";
import type { AdminReviewRow, ReviewRow } from "./reviews.repository";

/** Public shape: the reviewer's e-mail never leaves through here. */
export function toReviewDto(row: ReviewRow): ReviewDto {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    rating: row.rating,
    comment: row.comment,
    merchantId: row.merchantId,
    productId: row.productId,
    isApproved: row.isApproved,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAdminReviewDto(row: AdminReviewRow): AdminReviewDto {
  return { ...toReviewDto(row), userEmail: row.userEmail, targetName: row.targetName };
}
