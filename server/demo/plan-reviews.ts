import type { DemoCategorySlug } from "./data/categories";
import {
  FAVOURITE_MERCHANTS,
  MERCHANT_COMMENTS,
  PRODUCT_COMMENTS,
  SENTIMENT_RATINGS,
  type Sentiment,
} from "./data/reviews";
import { DAY, daysAgo, DEMO_NOW, reviewer } from "./plan-common";
import type { PlannedMerchant } from "./plan-merchants";
import type { Random } from "./random";
import type { PlannedProduct } from "./stock";

/**
 * The demo's reviews: approved and pending, of merchants and products, leaning happy and
 * gathered on favourites so that "popular" and the ratings mean something.
 */

export const DEMO_APPROVED_REVIEWS = 120;
export const DEMO_PENDING_REVIEWS = 15;

export type ReviewTarget = { merchant: number } | { product: number };

export interface PlannedReview {
  target: ReviewTarget;
  values: {
    userId: string;
    userName: string;
    userEmail: string;
    rating: number;
    comment: string;
    isApproved: boolean;
    createdAt: Date;
    updatedAt: Date;
  };
}

/** Most reviews are happy; a shop's `bias` (0–1) moves the odds. */
function sentiment(random: Random, bias: number): Sentiment {
  const weights: [Sentiment, number][] = [
    ["great", 0.3 + 0.45 * bias],
    ["good", 0.3],
    ["mixed", 0.05 + 0.2 * (1 - bias)],
    ["bad", 0.02 + 0.1 * (1 - bias)],
  ];
  let roll = random.next() * weights.reduce((sum, [, w]) => sum + w, 0);
  for (const [name, weight] of weights) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return "great";
}

/** Categories whose products lead the "popular products" of the home page. */
const SHOWCASE: ReadonlySet<DemoCategorySlug> = new Set([
  "comida-tipica",
  "panaderias",
  "cafe",
  "artesanias",
]);

export function planReviews(
  merchants: PlannedMerchant[],
  products: PlannedProduct[],
  random: Random,
): PlannedReview[] {
  const approvedMerchants = merchants
    .map((merchant, index) => ({ merchant, index }))
    .filter(({ merchant }) => merchant.values.approved);
  const favouriteShops = new Set(
    approvedMerchants
      .filter(({ merchant }) => FAVOURITE_MERCHANTS.includes(merchant.values.name))
      .map(({ index }) => index),
  );
  // How well a shop is liked, 0–1; the favourites are loved by everyone.
  const bias = new Map(
    approvedMerchants.map(({ index }) => [
      index,
      favouriteShops.has(index) ? 1 : random.next() * 0.75,
    ]),
  );
  // Well-liked shops get talked about more: a few have many reviews, some have none.
  const merchantWeights = approvedMerchants.map(({ index }) =>
    favouriteShops.has(index) ? 2.5 : 0.1 + 2 * bias.get(index)! ** 2,
  );
  // Product reviews gather on a few favourites, led by food and crafts, so
  // "popular products" means something.
  const favourites = [...products.keys()]
    .map((i) => ({ i, score: random.next() + (SHOWCASE.has(products[i].category) ? 0.6 : 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 28)
    .map(({ i }) => i);
  const favouriteWeights = favourites.map((_, rank) => 1 / Math.pow(rank + 1, 0.8));

  const reviews: PlannedReview[] = [];
  const seen = new Set<string>();
  const total = DEMO_APPROVED_REVIEWS + DEMO_PENDING_REVIEWS;
  while (reviews.length < total) {
    const isApproved = reviews.length < DEMO_APPROVED_REVIEWS;
    const onMerchant = random.chance(0.5);
    const target: ReviewTarget = onMerchant
      ? { merchant: random.weighted(approvedMerchants, merchantWeights).index }
      : {
          product: isApproved
            ? random.weighted(favourites, favouriteWeights)
            : random.int(0, products.length - 1),
        };
    const merchantIndex =
      "merchant" in target ? target.merchant : products[target.product].merchant;
    const person = reviewer(random);
    // One review per person and target.
    const key = `${JSON.stringify(target)}:${person.email}`;
    if (seen.has(key)) continue;
    seen.add(key);

    // The favourites earned their place: their reviews lean happy.
    const rank = "product" in target ? favourites.indexOf(target.product) : -1;
    const leaning = rank >= 0 && rank < 8 ? 0.9 : (bias.get(merchantIndex) ?? 0.5);
    const loved = "merchant" in target && favouriteShops.has(target.merchant);
    const mood = loved ? "great" : sentiment(random, leaning);
    const comments = onMerchant ? MERCHANT_COMMENTS : PRODUCT_COMMENTS;
    const targetCreated =
      "merchant" in target
        ? merchants[target.merchant].values.createdAt
        : products[target.product].values.createdAt;
    const maxAge = Math.max(
      1,
      Math.floor((DEMO_NOW.getTime() - targetCreated.getTime()) / DAY) - 1,
    );
    const createdAt = isApproved
      ? daysAgo(random.int(1, Math.min(maxAge, 180)), random)
      : daysAgo(random.int(0, Math.min(maxAge, 4)), random);
    reviews.push({
      target,
      values: {
        userId: `user-${createdAt.getTime()}`,
        userName: person.name,
        userEmail: person.email,
        rating: random.pick(SENTIMENT_RATINGS[mood]),
        comment: random.pick(comments[mood]),
        isApproved,
        createdAt,
        updatedAt: createdAt,
      },
    });
  }
  return reviews;
}
