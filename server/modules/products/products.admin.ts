import type { ProductDto, UserDto } from "../../../shared/api-types";
import { ADMIN_PAGE_SIZE } from "../../../shared/limits";
import {
  bulkUploadSchema,
  isRowId,
  MERCHANT_FILTER_MESSAGE,
  productSchema,
  productUpdateSchema,
  withDefaultImage,
} from "../../../shared/schemas/index";
import { productSlug, withSuffix } from "../../../shared/slug";
import type { Queryable } from "../../../db/client";
import { AppError, fieldErrors, parseInput, type FieldError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { catalogueChanges } from "../../cache/index";
import {
  lockCountTargets,
  refreshCategoryCounts,
  refreshMerchantStats,
} from "../catalog/counts.repository";
import { existingCategoryIds, findMerchantSummary } from "../catalog/catalog.repository";
import { isForeignKeyViolation } from "../catalog/constraint-errors";
import { checkPage, type PageQuery, type Paged } from "../catalog/paging";
import {
  PRODUCT_AUDIT,
  type MerchantActivityService,
} from "../merchant-activity/merchant-activity.service";
import {
  CATEGORY_NOT_FOUND,
  GONE_MESSAGE,
  MERCHANT_NOT_FOUND,
  PRODUCT_NOT_FOUND,
} from "./products.messages";
import { toProductDto } from "./products.presenter";
import * as repository from "./products.repository";
import { insertUploadedVariants, writeStockAndVariants, type StockInput } from "./products.stock";

/*
 * Every product write (create, edit, delete, the CSV catalogue) and the back office's list,
 * for administrators and the merchant portal. Each write runs in one transaction with its
 * recounts and its audit row (the merchant-activity module), then forgets the cached public
 * reads. Composed by products.service.ts.
 */

export { CATEGORY_NOT_FOUND, GONE_MESSAGE, MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND };

/** First line of the catalogue rows in the CSV (line 1 is the header), as in shared/catalog-csv.ts. */
const FIRST_ROW_LINE = 2;

/**
 * The CSV line of upload row `index`: the client may send each row's `line` (as read
 * by parseCatalogCsv); otherwise rows are taken to follow the header one per line.
 */
function rowLine(input: unknown, index: number): number {
  const rows = (input as { products?: unknown } | null)?.products;
  const line = Array.isArray(rows) ? (rows[index] as { line?: unknown } | null)?.line : undefined;
  return Number.isInteger(line) && (line as number) > 0 ? (line as number) : index + FIRST_ROW_LINE;
}

const ROW_PATH = /^products\.(\d+)(?:\.|$)/;

/** Field errors of an upload, the rows' ones prefixed 'Línea n: ' like the CSV reader's. */
function withLines(input: unknown, errors: FieldError[]): FieldError[] {
  return errors.map((error) => {
    const match = ROW_PATH.exec(error.path);
    if (!match) return error;
    return {
      path: error.path,
      message: `Línea ${rowLine(input, Number(match[1]))}: ${error.message}`,
    };
  });
}

function parseBulkUpload(input: unknown) {
  const result = bulkUploadSchema.safeParse(input ?? {});
  if (!result.success) throw AppError.validation(withLines(input, fieldErrors(result.error)));
  return result.data;
}

/** Whether `slug` is `base` or `base-n`: a product keeps its slug while its name gives the same base. */
function slugHasBase(slug: string, base: string): boolean {
  return (
    slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)))
  );
}

// Suffixes looked up per base in the first query; enough unless a name is very common.
const SLUG_WINDOW = 8;

/**
 * Unique slugs for the given bases, in order: `base`, then `base-2`, `base-3`… skipping
 * those other products (all but `exceptId`) use and those given to earlier bases of the
 * same call. Call after lockProductSlugs, in the transaction that inserts them.
 */
async function uniqueSlugs(
  db: Queryable,
  bases: readonly string[],
  exceptId?: number,
): Promise<string[]> {
  const taken = new Set<string>();
  const checked = new Set<string>();
  const check = async (candidates: string[]) => {
    const fresh = [...new Set(candidates)].filter((c) => !checked.has(c));
    for (const slug of await repository.takenSlugs(db, fresh, exceptId)) taken.add(slug);
    for (const slug of fresh) checked.add(slug);
  };

  const perBase = new Map<string, number>();
  for (const base of bases) perBase.set(base, (perBase.get(base) ?? 0) + 1);
  // One query for the usual case: each base with as many suffixes as it has rows, and some spare.
  await check(
    [...perBase].flatMap(([base, count]) =>
      Array.from({ length: count + SLUG_WINDOW }, (_, i) => withSuffix(base, i + 1)),
    ),
  );

  const used = new Set<string>();
  const nextSuffix = new Map<string, number>();
  const slugs: string[] = [];
  for (const base of bases) {
    let n = nextSuffix.get(base) ?? 1;
    let slug = withSuffix(base, n);
    while (taken.has(slug) || used.has(slug) || !checked.has(slug)) {
      if (!checked.has(slug)) {
        // Past the looked-up window: fetch a larger one for this base.
        const size = Math.max(SLUG_WINDOW * 4, n);
        await check(Array.from({ length: size }, (_, i) => withSuffix(base, n + i)));
        continue;
      }
      slug = withSuffix(base, ++n);
    }
    used.add(slug);
    nextSuffix.set(base, n + 1);
    slugs.push(slug);
  }
  return slugs;
}

async function mapForeignKeyErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A merchant or category deleted between our check and the write.
    if (isForeignKeyViolation(error)) throw AppError.badRequest(GONE_MESSAGE);
    throw error;
  }
}

const invalid = (path: string, message: string) => AppError.validation([{ path, message }]);

/**
 * Who makes a write (an administrator or a merchant user): when given, the write's row in the
 * merchant's audit log (issue 11) goes through its transaction and commits or rolls back
 * with it.
 */
export interface ProductWriteOptions {
  actor?: UserDto;
}

/** Product writes and the back office's list; `activity` keeps the audit log. */
export function createProductAdmin(
  { db, cache: catalogue }: ServiceDeps,
  activity: Pick<MerchantActivityService, "audit">,
) {
  /**
   * Runs a write's transaction, then makes every process forget the cached public reads and
   * pages built from what it changed (`changes` of its result, server/cache/tags.ts).
   */
  const writeCatalogue = async <T>(
    work: () => Promise<T>,
    changes: (result: T) => string[],
  ): Promise<T> => {
    const result = await mapForeignKeyErrors(work);
    await catalogue.forget(changes(result));
    return result;
  };
  const present = async (tx: Queryable, id: number): Promise<ProductDto> => {
    const row = await repository.findProductById(tx, id);
    if (!row) throw AppError.notFound(PRODUCT_NOT_FOUND);
    return toProductDto(row);
  };
  /** The write's audit row, when an actor is given, in the write's transaction. */
  async function audit(
    tx: Queryable,
    actor: UserDto | undefined,
    merchantId: number,
    [action, summary]: readonly [string, string],
  ) {
    if (actor) await activity.audit(tx, { merchantId, user: actor, action, summary });
  }

  return {
    /**
     * Every product, inactive and non-public ones too (administration, the merchant portal):
     * one page, newest first, optionally one merchant's and those whose name holds `q`.
     */
    async listAdmin(
      filter: { merchantId?: number; q?: string } & PageQuery = {},
    ): Promise<Paged<ProductDto>> {
      if (filter.merchantId !== undefined && !isRowId(filter.merchantId)) {
        throw AppError.badRequest(MERCHANT_FILTER_MESSAGE);
      }
      const { rows, total } = await repository.listAllProducts(db, {
        merchantId: filter.merchantId,
        q: filter.q,
        ...checkPage(filter, ADMIN_PAGE_SIZE),
      });
      return { items: rows.map(toProductDto), total };
    },

    /** New product from the admin form: slug from the name, rating and counts start at 0. */
    async create(input: unknown, options: ProductWriteOptions = {}): Promise<ProductDto> {
      const data = withDefaultImage(parseInput(productSchema, input));
      return writeCatalogue(
        () =>
          db.transaction(async (tx) => {
            const merchant = isRowId(data.merchantId)
              ? await findMerchantSummary(tx, data.merchantId)
              : undefined;
            if (!merchant) throw invalid("merchantId", MERCHANT_NOT_FOUND);
            await checkCategory(tx, data.categoryId);
            await repository.lockProductSlugs(tx);
            const [slug] = await uniqueSlugs(tx, [productSlug(data.name)]);
            // The merchant's count first, before the insert share-locks it (counts.repository.ts).
            await lockCountTargets(tx, "merchants", [merchant.id]);
            const [id] = await repository.insertProducts(tx, [
              {
                name: data.name,
                slug,
                description: data.description,
                price: data.price,
                imageUrl: data.imageUrl,
                images: data.images,
                merchantId: merchant.id,
                categoryId: data.categoryId,
                isActive: data.isActive ?? true,
                ...newStockValues(data),
              },
            ]);
            await writeStockAndVariants(tx, id, data, { hasVariants: false });
            await refreshMerchantStats(tx, [merchant.id]);
            await refreshCategoryCounts(tx, [data.categoryId]);
            const product = await present(tx, id);
            await audit(tx, options.actor, product.merchantId, PRODUCT_AUDIT.create(product));
            return product;
          }),
        (product) => catalogueChanges.product(product, { members: true }),
      );
    },

    /** Replaces the editable fields; the slug follows the new name and stays unique. */
    async update(
      id: number,
      input: unknown,
      options: ProductWriteOptions = {},
    ): Promise<ProductDto> {
      const data = withDefaultImage(parseInput(productUpdateSchema, input));
      return writeCatalogue(
        () =>
          db.transaction(async (tx) => {
            const current = isRowId(id) ? await repository.findProductForUpdate(tx, id) : undefined;
            if (!current) throw AppError.notFound(PRODUCT_NOT_FOUND);
            await checkCategory(tx, data.categoryId);
            const base = productSlug(data.name);
            let slug = current.slug;
            if (!slugHasBase(current.slug, base)) {
              await repository.lockProductSlugs(tx);
              [slug] = await uniqueSlugs(tx, [base], id);
            }
            await lockCountTargets(tx, "merchants", [current.merchantId]);
            await repository.updateProduct(tx, id, {
              name: data.name,
              slug,
              description: data.description,
              price: data.price,
              imageUrl: data.imageUrl,
              images: data.images,
              categoryId: data.categoryId,
              ...(data.isActive === undefined ? {} : { isActive: data.isActive }),
              ...editedStockValues(data),
            });
            await writeStockAndVariants(tx, id, data, current);
            await refreshMerchantStats(tx, [current.merchantId]);
            await refreshCategoryCounts(tx, [...new Set([current.categoryId, data.categoryId])]);
            const product = await present(tx, id);
            await audit(tx, options.actor, product.merchantId, PRODUCT_AUDIT.update(product));
            return { product, changes: editChanges(current, product) };
          }),
        (edit) => edit.changes,
      ).then((edit) => edit.product);
    },

    /** Deletes the product with its reviews and cart lines; order lines keep name and price. */
    async remove(id: number, options: ProductWriteOptions = {}): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        const deleted = isRowId(id) ? await repository.deleteProduct(tx, id) : undefined;
        if (!deleted) throw AppError.notFound(PRODUCT_NOT_FOUND);
        await refreshMerchantStats(tx, [deleted.merchantId]);
        await refreshCategoryCounts(tx, [deleted.categoryId]);
        await audit(
          tx,
          options.actor,
          deleted.merchantId,
          PRODUCT_AUDIT.delete({ id, ...deleted }),
        );
        return deleted;
      });
      await catalogue.forget(catalogueChanges.product({ id, ...deleted }, { members: true }));
    },

    /**
     * The admin's CSV catalogue for one merchant: every row or none. Rows take the
     * merchant's id, and its category when they name none.
     */
    async bulkUpload(
      input: unknown,
      options: ProductWriteOptions = {},
    ): Promise<{ created: number; products: ProductDto[] }> {
      const data = parseBulkUpload(input);
      return writeCatalogue(
        () =>
          db.transaction(async (tx) => {
            const merchant = isRowId(data.merchantId)
              ? await findMerchantSummary(tx, data.merchantId)
              : undefined;
            if (!merchant) throw invalid("merchantId", MERCHANT_NOT_FOUND);

            const categoryIds = data.products.map((row) => row.categoryId ?? merchant.categoryId);
            const existing = await existingCategoryIds(tx, [
              ...new Set(categoryIds.filter(isRowId)),
            ]);
            const errors = categoryIds.flatMap((categoryId, index) =>
              existing.has(categoryId)
                ? []
                : [
                    {
                      path: `products.${index}.categoryId`,
                      message: `Línea ${rowLine(input, index)}: ${CATEGORY_NOT_FOUND}`,
                    },
                  ],
            );
            if (errors.length > 0) throw AppError.validation(errors);

            await repository.lockProductSlugs(tx);
            const slugs = await uniqueSlugs(
              tx,
              data.products.map((row) => productSlug(row.name)),
            );
            const values = data.products.map((row, index) => {
              const product = withDefaultImage(row);
              return {
                name: product.name,
                slug: slugs[index],
                description: product.description,
                price: product.price,
                imageUrl: product.imageUrl,
                images: product.images,
                merchantId: merchant.id,
                categoryId: categoryIds[index],
                isActive: product.isActive ?? true,
                ...newStockValues(product),
              };
            });
            await lockCountTargets(tx, "merchants", [merchant.id]);
            const ids = await repository.insertProducts(tx, values);
            await insertUploadedVariants(
              tx,
              ids.map((id, index) => ({
                id,
                options: data.products[index].options ?? [],
                variants: data.products[index].variants ?? [],
              })),
            );
            await refreshMerchantStats(tx, [merchant.id]);
            await refreshCategoryCounts(tx, [...existing]);
            const byId = new Map(
              (await repository.findProductsByIds(tx, ids)).map((row) => [row.id, row]),
            );
            const products = ids.map((id) => toProductDto(byId.get(id)!));
            await audit(tx, options.actor, merchant.id, PRODUCT_AUDIT.bulkUpload(products.length));
            return { created: products.length, products };
          }),
        // New products: nothing cached shows them yet, but their shop's lists and counts move.
        () => catalogueChanges.productsAdded(data.merchantId),
      );
    },
  };
}

/**
 * What an edit changed, for the cache (server/cache/tags.ts): its own entries always; the
 * lists when what they sort and filter by moved (name, slug, price, availability, category);
 * the counts when it was switched on or off or changed category.
 */
function editChanges(
  before: {
    name: string;
    slug: string;
    price: string;
    isActive: boolean;
    inStock: boolean;
    categoryId: number;
  },
  after: ProductDto,
): string[] {
  const members = before.isActive !== after.isActive || before.categoryId !== after.categoryId;
  const shelf =
    before.name !== after.name ||
    before.slug !== after.slug ||
    before.price !== after.price ||
    (before.isActive && before.inStock !== after.available);
  // Its name or description may match other words: searches are read again.
  return catalogueChanges.product(after, { shelf, members, text: true });
}

/** A new product's stock fields: not counted and not sold out unless the input says so. */
function newStockValues(data: StockInput) {
  const options = data.options ?? [];
  return {
    // With variants, each variant counts its own stock.
    stock: options.length > 0 ? null : (data.stock ?? null),
    soldOut: data.soldOut ?? false,
    options,
  };
}

/** An edit's stock fields: only those it sent change (the spec's payload changes none). */
function editedStockValues(data: StockInput) {
  return {
    ...(data.stock === undefined ? {} : { stock: data.stock }),
    ...(data.soldOut === undefined ? {} : { soldOut: data.soldOut }),
    ...(data.options === undefined
      ? {}
      : { options: data.options, ...(data.options.length > 0 ? { stock: null } : {}) }),
  };
}

async function checkCategory(db: Queryable, categoryId: number) {
  const found =
    isRowId(categoryId) && (await existingCategoryIds(db, [categoryId])).has(categoryId);
  if (!found) throw invalid("categoryId", CATEGORY_NOT_FOUND);
}
