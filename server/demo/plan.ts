import { DEMO_CATEGORIES, type DemoCategorySlug } from "./data/categories";
import { DEMO_MERCHANTS } from "./data/merchants";
import { demoProductImageUrl } from "./images";
import { SEED } from "./plan-common";
import { planMerchant, type PlannedMerchant } from "./plan-merchants";
import { planOrders, type PlannedOrder } from "./plan-orders";
import { planProducts } from "./plan-products";
import { planReviews, type PlannedReview } from "./plan-reviews";
import { createRandom } from "./random";
import { withDemoStock, type PlannedProduct } from "./stock";

/**
 * The whole demo catalogue as plain rows, computed from the data tables and a seeded
 * generator: no database, no clock, so every start (and every screenshot) is the same.
 * Each part is its own file (plan-merchants, plan-products, plan-reviews, plan-orders), drawn
 * here in this order from one generator: reordering them would change the whole demo.
 */

export { DEMO_NOW } from "./plan-common";
export { DEMO_PRODUCT_TOTAL } from "./plan-products";
export { DEMO_APPROVED_REVIEWS, DEMO_PENDING_REVIEWS } from "./plan-reviews";
export type { PlannedMerchant, PlannedOrder, PlannedReview };
export type { ReviewTarget } from "./plan-reviews";

export interface PlannedCategory {
  name: string;
  slug: DemoCategorySlug;
  icon: string;
  hue: number;
  imageUrl: string;
}

export interface DemoPlan {
  categories: PlannedCategory[];
  merchants: PlannedMerchant[];
  products: PlannedProduct[];
  reviews: PlannedReview[];
  orders: PlannedOrder[];
}

export function buildDemoPlan(): DemoPlan {
  const random = createRandom(SEED);
  const categories = DEMO_CATEGORIES.map((c) => ({
    ...c,
    imageUrl: demoProductImageUrl(c.slug, 0),
  }));
  const merchantSlugs = new Set<string>();
  const merchants = DEMO_MERCHANTS.map((data, index) =>
    planMerchant(data, index, random, merchantSlugs),
  );
  const products = withDemoStock(planProducts(merchants, random));
  const reviews = planReviews(merchants, products, random);
  const orders = planOrders(products, random);
  return { categories, merchants, products, reviews, orders };
}
