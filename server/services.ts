import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { CatalogueCache } from "./cache/index";
import type { Config } from "./env";
import { createAuthService } from "./modules/auth/auth.service";
import { createCartService } from "./modules/cart/cart.service";
import { createCategoriesService } from "./modules/categories/categories.service";
import { createCheckoutService } from "./modules/checkout/checkout.service";
import { createOrderNotices } from "./modules/checkout/order-notices";
import { createMailOutbox, type MailOutbox } from "./modules/mail/mail.service";
import { createEventsService } from "./modules/events/events.service";
import { createMerchantPortalService } from "./modules/merchant-portal/merchant-portal.service";
import { createMerchantsService } from "./modules/merchants/merchants.service";
import { createOrdersService } from "./modules/orders/orders.service";
import { createPayoutsService } from "./modules/payouts/payouts.service";
import { createWompiClient, type WompiClient } from "./modules/payments/wompi.client";
import { createProductsService } from "./modules/products/products.service";
import { createReviewsService } from "./modules/reviews/reviews.service";
import { createSearchService } from "./modules/search/search.service";
import { createUploadsService } from "./modules/uploads/uploads.service";

/** What a script or a test that builds one service alone gives (see serviceDepsFor). */
export interface BaseServiceDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/** What every service is built from. */
export interface ServiceDeps extends BaseServiceDeps {
  /** The durable mail outbox: services enqueue e-mails inside their own transaction. */
  mail: MailOutbox;
  /** Wompi El Salvador's API; null when card payment is not configured (WOMPI_*). */
  wompi: WompiClient | null;
  /**
   * This app's public-read and page cache (server/cache/index.ts): cacheable reads go
   * through `cache.reads`, catalogue writes call `cache.invalidate()` once committed.
   */
  cache: CatalogueCache;
}

/**
 * Every service of the product, built once per process. API routes and the page
 * loaders of the React Router app both call these (never our own HTTP API).
 */
export function createServices(base: BaseServiceDeps) {
  const deps = serviceDepsFor(base);
  const merchants = createMerchantsService(deps);
  // An order's later steps e-mail the shopper a link to the checkout's page (issue 25).
  const orders = createOrdersService(deps, createOrderNotices(deps));
  const products = createProductsService(deps);
  const auth = createAuthService(deps);
  const payouts = createPayoutsService(deps);
  return {
    auth,
    cart: createCartService(deps),
    categories: createCategoriesService(deps),
    checkout: createCheckoutService(deps, orders),
    events: createEventsService(deps),
    merchants,
    merchantPortal: createMerchantPortalService(deps, {
      merchants,
      products,
      orders,
      auth,
      payouts,
    }),
    orders,
    payouts,
    products,
    reviews: createReviewsService(deps),
    search: createSearchService(deps),
    uploads: createUploadsService(deps),
    /** The worker is started after listen and stopped on close (server/main.ts, app.ts). */
    mail: deps.mail,
    /** Owned by this app: its LISTEN connection is closed with it (app.ts). */
    cache: deps.cache,
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The whole ServiceDeps from the database, config and log: the mail outbox (its worker
 * does nothing until started), Wompi's client when configured, and a catalogue cache of
 * its own (off with CATALOGUE_CACHE=off).
 */
export function serviceDepsFor(base: BaseServiceDeps): ServiceDeps {
  return {
    ...base,
    mail: createMailOutbox({ db: base.db, log: base.log, ...base.config.mail }),
    wompi: base.config.wompi ? createWompiClient(base.config.wompi) : null,
    cache: new CatalogueCache({
      db: base.db,
      switchedOff: !base.config.catalogueCache,
      pageCacheBytes: base.config.pageCacheMb * 1024 * 1024,
    }),
  };
}
