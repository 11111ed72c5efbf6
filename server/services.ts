import { CatalogueCache } from "./cache/index";
import { createAuthService } from "./modules/auth/auth.service";
import { createCartService } from "./modules/cart/cart.service";
import { createCategoriesService } from "./modules/categories/categories.service";
import { createCheckoutService } from "./modules/checkout/checkout.service";
import { createOrderNotices, mintOrderLink } from "./modules/checkout/order-notices";
import { createMailOutbox } from "./modules/mail/mail.service";
import { createEventsService } from "./modules/events/events.service";
import { createMerchantActivityService } from "./modules/merchant-activity/merchant-activity.service";
import { createMerchantPortalService } from "./modules/merchant-portal/merchant-portal.service";
import { createMerchantsService } from "./modules/merchants/merchants.service";
import { createNoticesService } from "./modules/notices/notices.service";
import { createPortalNotices } from "./modules/notices/notices.portal";
import { createOrdersService } from "./modules/orders/orders.service";
import { createPayoutsService } from "./modules/payouts/payouts.service";
import { createPersonalDataService } from "./modules/personal-data/personal-data.service";
import { createPaymentLinkSync } from "./modules/payments/link-sync";
import { createWompiClient } from "./modules/payments/wompi.client";
import { createProductsService } from "./modules/products/products.service";
import { createReceiptsService } from "./modules/receipts/receipts.service";
import { createReviewsService } from "./modules/reviews/reviews.service";
import { createSearchService } from "./modules/search/search.service";
import { createUploadsService } from "./modules/uploads/uploads.service";
import type { BaseServiceDeps, ServiceDeps } from "./service-deps";

export type { BaseServiceDeps, ServiceDeps } from "./service-deps";

/**
 * Every service of the product, built once per process. API routes and the page
 * loaders of the React Router app both call these (never our own HTTP API).
 */
export function createServices(base: BaseServiceDeps) {
  const deps = serviceDepsFor(base);
  // The audit log and the merchants' notices, written by the catalogue modules and the portal.
  const activity = createMerchantActivityService(deps);
  const merchants = createMerchantsService(deps, activity);
  // WhatsApp and Web Push beside e-mail (issue 35), written by the order flows below.
  const notices = createNoticesService(deps);
  // Each step of an order reaches the shopper (issue 25) and the merchant (issue 35) on
  // every channel, with a link to the checkout's page.
  const orderNotices = createOrderNotices(deps, notices);
  const products = createProductsService(deps, activity);
  // A cancellation gives its order's taken stock back through the products module (issue 36).
  // Issue 37 L3: a cancellation's card link charges only what stands (or is deactivated).
  const paymentLinks = createPaymentLinkSync(deps, (tx, checkoutId, orderNumber) =>
    mintOrderLink(tx, deps.config.publicUrl, checkoutId, orderNumber),
  );
  const orders = createOrdersService(deps, { ...orderNotices, stock: products, paymentLinks });
  const auth = createAuthService(deps);
  const payouts = createPayoutsService(deps, activity);
  const cart = createCartService(deps);
  const merchantPortal = createMerchantPortalService(deps, {
    merchants,
    products,
    orders,
    auth,
    payouts,
    activity,
  });
  // The one orders service and the cart's, so that a checkout's writes are theirs.
  const checkout = createCheckoutService(deps, {
    orders,
    cart,
    notices: orderNotices,
    stock: products,
    whatsappNotices: notices.whatsappEnabled,
  });
  return {
    auth,
    cart,
    categories: createCategoriesService(deps),
    checkout,
    events: createEventsService(deps),
    merchants,
    merchantPortal,
    notices,
    noticesPortal: createPortalNotices({ portal: merchantPortal, notices, activity }),
    orders,
    paymentLinks,
    payouts,
    products,
    // Issue 37: an order's receipt (its page's token) and the DTE its merchant records.
    receipts: createReceiptsService(deps, { orders: checkout, portal: merchantPortal, activity }),
    // Issue 37: reviews written with an order's token, the merchant's replies, and its push.
    reviews: createReviewsService(deps, activity, {
      orders: checkout,
      portal: merchantPortal,
      push: notices,
    }),
    search: createSearchService(deps),
    uploads: createUploadsService(deps),
    // Issue 37: a person's data exported or erased, and the retention of the daily purge.
    personalData: createPersonalDataService(deps),
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
