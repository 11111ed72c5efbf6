/** Business constants of spec §9 and decisions §2, shared by the forms and the server. */

/** A search runs only when the query is longer than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_RESULTS = 20;
export const SEARCH_DROPDOWN_MERCHANTS = 3;
export const SEARCH_DROPDOWN_PRODUCTS = 4;
export const SEARCH_BLUR_CLOSE_MS = 200;
export const SEARCH_LOADING_MS = 300;

export function isSearchQuery(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_LENGTH;
}

export const REVIEW_NAME_MIN = 2;
export const REVIEW_NAME_MAX = 100;
export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_RATING_MAX = 5;
/** Issue 37: the merchant's answer to a published review. */
export const REVIEW_REPLY_MIN = 5;
export const REVIEW_REPLY_MAX = 1000;

export const MERCHANT_NAME_MAX = 120;
export const MERCHANT_DESCRIPTION_MAX = 2000;
export const MERCHANT_ADDRESS_MAX = 300;

export const CART_QUANTITY_MAX = 99;
export const CART_SESSION_ID_MAX = 100;

export const IMAGE_LIMITS_MB = {
  default: 5,
  merchantImage: 2,
  merchantLogo: 1,
  categoryImage: 2,
  productImage: 3,
} as const;
export const PRODUCT_IMAGES_MAX = 3;
export const BULK_UPLOAD_MAX = 5000;

/**
 * Lists answer one page at a time (docs/decisions/0002, 0004, 0006): at most PAGE_MAX items a
 * request, each list's default page size below, used alike by the API and the listing pages.
 */
export const PAGE_MAX = 100;
/** /products, a category's or a merchant's products: the catalogue may hold 100,000. */
export const PRODUCTS_PAGE_SIZE = 60;
/** /merchants, a category's merchants: whole rows of the 1-, 2- and 3-column grid (0004). */
export const MERCHANTS_PAGE_SIZE = 30;
/** GET /api/reviews: a merchant's or product's reviews whole up to the most a list answers. */
export const REVIEWS_PAGE_SIZE = PAGE_MAX;
/**
 * The administrator's lists (issue 13, docs/decisions/0016): a page of the spec's bare
 * `GET /api/admin/…` is the most a list answers, and the tabs show 20 at a time.
 */
export const ADMIN_PAGE_SIZE = PAGE_MAX;
export const ADMIN_TAB_PAGE_SIZE = 20;
/** Longest search query worth reading: a product name with room to spare. */
export const SEARCH_QUERY_MAX = 200;

export const FEATURED_MERCHANTS = 6;
export const POPULAR_PRODUCTS = 8;

export const TOAST_DURATION_MS = 5000;
export const MASCOT_MESSAGE_MS = 2000;
export const LOGIN_REDIRECT_MS = 1000;

export const REJECT_REASON_MAX = 1000;
export const DELETE_CONFIRM_WORD = "ELIMINAR";
export const DEFAULT_PRODUCT_IMAGE = "/images/default-product.webp";
