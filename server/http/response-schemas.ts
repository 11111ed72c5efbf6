import type {
  CategoryDto,
  MerchantDto,
  ProductDto,
  ReviewDto,
  SearchResultDto,
} from "../../shared/api-types";

/**
 * The answers of the public reads as JSON schemas (shared/api-types.ts is their TypeScript
 * form). Fastify serialises with them (fast-json-stringify: faster than JSON.stringify, and
 * a field a presenter adds by mistake, such as a reviewer's e-mail, is never sent).
 *
 * Each object lists its fields in the presenter's order, so the bytes are exactly those
 * JSON.stringify would write (server/http/response-schemas.test.ts checks every route). The
 * `satisfies` checks make the compiler ask for a field added to a DTO here too.
 */

type JsonSchema = Record<string, unknown>;
/** Every field of T; more are allowed (a field may be declared before its DTO gets it). */
type Fields<T> = { [K in keyof T]-?: JsonSchema } & Record<string, JsonSchema>;

const string = { type: "string" } as const;
const nullableString = { type: ["string", "null"] } as const;
const integer = { type: "integer" } as const;
const nullableInteger = { type: ["integer", "null"] } as const;
const boolean = { type: "boolean" } as const;
/** Nested values whose shape their own module owns: written as JSON.stringify writes them. */
const asIs = {} as const;

const object = <T>(properties: Fields<T>) => ({ type: "object", properties }) as const;
const arrayOf = (items: JsonSchema) => ({ type: "array", items }) as const;

export const categorySchema = object<CategoryDto>({
  id: integer,
  name: string,
  slug: string,
  icon: nullableString,
  imageUrl: nullableString,
  merchantCount: integer,
  productCount: integer,
} satisfies Fields<CategoryDto>);

export const productSchema = object<ProductDto>({
  id: integer,
  name: string,
  slug: string,
  description: string,
  price: string,
  imageUrl: string,
  images: arrayOf(string),
  merchantId: integer,
  categoryId: integer,
  rating: string,
  reviewCount: integer,
  isActive: boolean,
  createdAt: string,
  merchantName: string,
  merchantSlug: string,
} satisfies Fields<ProductDto>);

export const merchantSchema = object<MerchantDto>({
  id: integer,
  name: string,
  slug: string,
  description: string,
  imageUrl: nullableString,
  logoUrl: nullableString,
  address: string,
  department: nullableString,
  municipality: nullableString,
  phone: string,
  whatsapp: nullableString,
  email: string,
  rating: string,
  reviewCount: integer,
  productCount: integer,
  categoryId: integer,
  isActive: boolean,
  approved: boolean,
  schedule: string,
  facebook: nullableString,
  instagram: nullableString,
  tiktok: nullableString,
  linkedin: nullableString,
  website: nullableString,
  createdAt: string,
  temporarilyClosed: boolean,
  specialDates: arrayOf(asIs),
  fulfillment: nullableString,
  deliveryArea: nullableString,
  deliveryMunicipalities: arrayOf(string),
  deliveryNote: nullableString,
  deliveryFee: nullableString,
  freeDeliveryFrom: nullableString,
  paymentMethods: arrayOf(string),
} satisfies Fields<MerchantDto>);

export const reviewSchema = object<ReviewDto>({
  id: integer,
  userId: nullableString,
  userName: string,
  rating: integer,
  comment: string,
  merchantId: nullableInteger,
  productId: nullableInteger,
  isApproved: boolean,
  createdAt: string,
  updatedAt: string,
} satisfies Fields<ReviewDto>);

type SearchProduct = SearchResultDto["products"][number];
type SearchMerchant = SearchResultDto["merchants"][number];

export const searchResultSchema = object<SearchResultDto>({
  products: arrayOf(
    object<SearchProduct>({
      id: integer,
      slug: string,
      name: string,
      imageUrl: string,
      price: string,
    } satisfies Fields<SearchProduct>),
  ),
  merchants: arrayOf(
    object<SearchMerchant>({
      id: integer,
      slug: string,
      name: string,
      address: string,
    } satisfies Fields<SearchMerchant>),
  ),
  productTotal: integer,
  merchantTotal: integer,
  // Only in answers whose totals are estimates (a very common word, issue 13).
  productTotalEstimated: boolean,
  merchantTotalEstimated: boolean,
  // Only in answers that stopped counting (at least this many match, decision 0018).
  productTotalAtLeast: boolean,
  merchantTotalAtLeast: boolean,
} satisfies Fields<SearchResultDto>);

/** `response` of a route answering 200 with `schema` (errors keep the error handler's shape). */
export const answers = (schema: JsonSchema) => ({ 200: schema });

export const categoryList = answers(arrayOf(categorySchema));
export const productList = answers(arrayOf(productSchema));
export const productAnswer = answers(productSchema);
export const merchantList = answers(arrayOf(merchantSchema));
export const merchantAnswer = answers(merchantSchema);
export const reviewList = answers(arrayOf(reviewSchema));
export const searchAnswer = answers(searchResultSchema);
