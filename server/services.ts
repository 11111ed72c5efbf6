import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import type { Config } from "./env";
import { createAuthService } from "./modules/auth/auth.service";
import { createCartService } from "./modules/cart/cart.service";
import { createCategoriesService } from "./modules/categories/categories.service";
import { createMerchantsService } from "./modules/merchants/merchants.service";
import { createOrdersService } from "./modules/orders/orders.service";
import { createProductsService } from "./modules/products/products.service";
import { createReviewsService } from "./modules/reviews/reviews.service";
import { createSearchService } from "./modules/search/search.service";
import { createUploadsService } from "./modules/uploads/uploads.service";

/** What every service is built from. */
export interface ServiceDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Every service of the product, built once per process. API routes and the page
 * loaders of the React Router app both call these (never our own HTTP API).
 */
export function createServices(deps: ServiceDeps) {
  return {
    auth: createAuthService(deps),
    cart: createCartService(deps),
    categories: createCategoriesService(deps),
    merchants: createMerchantsService(deps),
    orders: createOrdersService(deps),
    products: createProductsService(deps),
    reviews: createReviewsService(deps),
    search: createSearchService(deps),
    uploads: createUploadsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
