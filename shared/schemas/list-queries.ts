import { z } from "zod";
import { UNKNOWN_MUNICIPALITY } from "../delivery";
import { findZone } from "../places";
import { SEARCH_QUERY_MAX } from "../limits";
import { textField } from "./fields";
import { checkPriceRange, productShelfFields, shelfPageFields } from "./product-sort";
import {
  forgiving,
  pageFields,
  pageNumber,
  queryDepartment,
  queryId,
  queryParam,
  queryText,
  departmentFilter,
} from "./query";

/**
 * The query string of each list, in one place: `…ListQuery` is what its API route reads
 * (strictly: the first wrong field is a 400 with its message), `…PageQuery` what its listing
 * page's loader reads (forgivingly, with `?page=`). A new filter is one field here, added to
 * the list's filter fields so the API and the page both read it; a new list is one more pair.
 * Fields are checked in the order written, so the message of the first wrong one is answered.
 */

// GET /api/products, /products, a category's and a merchant's products.
export const CATEGORY_FILTER_MESSAGE = "Categoría inválida";
export const MERCHANT_FILTER_MESSAGE = "Comercio inválido";
export const DEPARTMENT_FILTER_MESSAGE = "Departamento no válido";

const productFilters = {
  categoryId: queryId(CATEGORY_FILTER_MESSAGE),
  merchantId: queryId(MERCHANT_FILTER_MESSAGE),
  department: queryDepartment(DEPARTMENT_FILTER_MESSAGE),
};

// Issue 36: the shelf (product-sort.ts), its order and its price and availability filters.
export const productListQuery = z
  .object({ ...pageFields, ...productFilters, ...productShelfFields })
  .superRefine(checkPriceRange);
export type ProductListQuery = z.output<typeof productListQuery>;

export const productsPageQuery = z.object({
  department: forgiving(productFilters.department),
  page: pageNumber,
  ...shelfPageFields,
});

/** A category's or a merchant's products tab: its page and its shelf. */
export const productShelfPageQuery = z.object({ page: pageNumber, ...shelfPageFields });

// The administrator's lists (issue 13): one page (`limit` 1–100, `offset`) and a search `q`
// (case and accents aside, anywhere in the text), beside each tab's filters.
export const ADMIN_SEARCH_MESSAGE = "Búsqueda inválida";
export const ADMIN_SEARCH_TOO_LONG = "La búsqueda es demasiado larga";
export const REVIEW_STATUS_FILTER_MESSAGE = "El estado debe ser 'pending' o 'approved'";

/** The search box: blank is no search; longer than SEARCH_QUERY_MAX, a 400. */
const adminSearch = queryText(ADMIN_SEARCH_MESSAGE).pipe(
  textField(ADMIN_SEARCH_MESSAGE)
    .max(SEARCH_QUERY_MAX, ADMIN_SEARCH_TOO_LONG)
    .optional()
    .transform((q) => q?.trim() || undefined),
);

const adminListFields = { q: adminSearch, ...pageFields };

/** GET /api/admin/products: every product, optionally one merchant's. */
export const adminProductListQuery = z.object({
  merchantId: productFilters.merchantId,
  ...adminListFields,
});
export type AdminProductListQuery = Partial<z.output<typeof adminProductListQuery>>;

/** A page and a search, no other filter (also the merchant portal's own products). */
export const adminListQuery = z.object(adminListFields);
export type AdminListQuery = Partial<z.output<typeof adminListQuery>>;

export const LEGAL_FILTER_MESSAGE = "El filtro 'legal' solo acepta 'missing'";

/**
 * GET /api/admin/merchants and /api/admin/merchants/pending; issue 37: `legal=missing`,
 * the approved merchants still without their razón social or NIT/DUI.
 */
export const adminMerchantListQuery = adminListQuery.extend({
  legal: queryParam(LEGAL_FILTER_MESSAGE, (text) =>
    text === "missing" ? ("missing" as const) : null,
  ),
});
export type AdminMerchantListQuery = Partial<z.output<typeof adminMerchantListQuery>>;

export const REVIEW_VERIFIED_FILTER_MESSAGE = "El filtro 'verified' debe ser true o false";

/** Issue 37: 'Solo compras verificadas' (`?verified=true`); false and absent show every review. */
export const reviewVerifiedFilter = queryParam(REVIEW_VERIFIED_FILTER_MESSAGE, (text) => {
  if (text === "true" || text === "1") return true as const;
  return text === "false" || text === "0" ? undefined : null;
});

/** GET /api/admin/reviews: `status` pending or approved (absent: both), `verified`. */
export const adminReviewListQuery = z.object({
  status: queryParam(REVIEW_STATUS_FILTER_MESSAGE, (text) =>
    text === "pending" || text === "approved" ? text : null,
  ),
  verified: reviewVerifiedFilter,
  ...adminListFields,
});
export type AdminReviewListQuery = Partial<z.output<typeof adminReviewListQuery>>;

// Issue 12, on the merchant lists and search: `open=now` and a municipality (one of the 44,
// accents and case optional) meaning merchants located there or delivering there. Issue 36:
// `zone`, a municipality or a district ('soyapango'), answered by its label; `municipality`
// of before reads the same way, with its own message.
export const OPEN_FILTER_MESSAGE = "El filtro 'open' solo acepta 'now'";
export const MUNICIPALITY_FILTER_MESSAGE = UNKNOWN_MUNICIPALITY;
export const ZONE_FILTER_MESSAGE = "Zona desconocida: escribe un municipio o un distrito";

const shopperFilters = {
  open: queryParam(OPEN_FILTER_MESSAGE, (text) => (text === "now" ? ("now" as const) : null)),
  zone: queryParam(ZONE_FILTER_MESSAGE, (text) => findZone(text)?.label ?? null),
  municipality: queryParam(MUNICIPALITY_FILTER_MESSAGE, (text) => findZone(text)?.label ?? null),
};

// GET /api/merchants, /merchants, a category's merchants.
export const MERCHANT_CATEGORY_FILTER_MESSAGE = "La categoría indicada no es válida";
export const MERCHANT_DEPARTMENT_FILTER_MESSAGE = "Departamento desconocido";

const merchantFilters = {
  categoryId: queryId(MERCHANT_CATEGORY_FILTER_MESSAGE),
  // Accents and case optional ("san miguel"): answered by the department's proper name.
  department: queryDepartment(MERCHANT_DEPARTMENT_FILTER_MESSAGE, { loose: true }),
  ...shopperFilters,
};

export const merchantListQuery = z.object({ ...merchantFilters, ...pageFields });
export type MerchantListQuery = z.output<typeof merchantListQuery>;

export const merchantsPageQuery = z.object({
  department: forgiving(merchantFilters.department),
  open: forgiving(shopperFilters.open),
  zone: forgiving(shopperFilters.zone),
  municipality: forgiving(shopperFilters.municipality),
  page: pageNumber,
});

// GET /api/reviews. `approved` is accepted and ignored: the public only sees approved reviews.
export const REVIEW_MERCHANT_FILTER_MESSAGE = "Identificador de comercio inválido";
export const REVIEW_PRODUCT_FILTER_MESSAGE = "Identificador de producto inválido";

export const reviewListQuery = z.object({
  merchantId: queryId(REVIEW_MERCHANT_FILTER_MESSAGE),
  productId: queryId(REVIEW_PRODUCT_FILTER_MESSAGE),
  verified: reviewVerifiedFilter,
  ...pageFields,
});
export type ReviewListQuery = z.output<typeof reviewListQuery>;

// GET /api/search and /search.
export const SEARCH_PARAM_MESSAGE = "Parámetro de búsqueda inválido";
export const SEARCH_DEPARTMENT_MESSAGE = "Departamento no válido";

export const searchQuery = z
  .object({
    q: queryText(SEARCH_PARAM_MESSAGE).transform((q) => q ?? ""),
    // A repeated department is a wrong parameter; an unknown one, a wrong department.
    department: queryText(SEARCH_PARAM_MESSAGE).pipe(departmentFilter(SEARCH_DEPARTMENT_MESSAGE)),
    ...shopperFilters,
    // Issue 36: the products' order (absent: relevance) and filters.
    ...productShelfFields,
  })
  .superRefine(checkPriceRange);
export type SearchQuery = z.output<typeof searchQuery>;

export const searchPageQuery = z.object({
  q: z
    .unknown()
    .optional()
    .transform((q) => (typeof q === "string" ? q.trim().slice(0, SEARCH_QUERY_MAX) : "")),
  department: forgiving(searchQuery.shape.department),
  open: forgiving(shopperFilters.open),
  zone: forgiving(shopperFilters.zone),
  municipality: forgiving(shopperFilters.municipality),
  ...shelfPageFields,
});

// GET /api/admin/orders: the search box of the orders tab.
export const adminOrderListQuery = z.object(adminListFields);
export type AdminOrderListQuery = Partial<z.output<typeof adminOrderListQuery>>;
