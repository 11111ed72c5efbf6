import type { AdminReviewDto, ReviewDto } from "../../../shared/api-types";
import type { AdminReviewRow, ReviewRow } from "./reviews.repository";

/** Public shape: the reviewer's e-mail and the order it came from never leave through here. */
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
    verifiedPurchase: row.verifiedPurchase,
    reply:
      row.reply !== null && row.repliedAt !== null
        ? { text: row.reply, at: row.repliedAt.toISOString() }
        : null,
  };
}

export function toAdminReviewDto(row: AdminReviewRow): AdminReviewDto {
  return { ...toReviewDto(row), userEmail: row.userEmail, targetName: row.targetName };
}

/**
 * How a verified review signs: the order's first name and the initial of the next word
 * ('Ana M.'), never the full name a shopper gave for the delivery.
 */
export function reviewerName(customerName: string): string {
  const words = customerName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Cliente";
  const [first, next] = words;
  return next ? `${first} ${next.charAt(0).toLocaleUpperCase("es")}.` : first!;
}
