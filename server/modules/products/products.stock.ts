import type { Queryable } from "../../../db/client";
import type { ProductDto, UserDto } from "../../../shared/api-types";
import { isRowId } from "../../../shared/schemas/query";
import {
  lineName,
  shortLineMessage,
  stockShortMessage,
  variantNameOf,
  type ProductOptionFields,
  type ShortLine,
} from "../../../shared/product-variants";
import {
  quickStockSchema,
  STOCK_WITH_VARIANTS_MESSAGE,
  type VariantWrite,
} from "../../../shared/schemas/product-variants";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { catalogueChanges } from "../../cache/index";
import {
  PRODUCT_AUDIT,
  type MerchantActivityService,
} from "../merchant-activity/merchant-activity.service";
import { PRODUCT_NOT_FOUND } from "./products.messages";
import { toProductDto } from "./products.presenter";
import * as repository from "./products.repository";
import * as stock from "./stock.repository";

/*
 * Issue 36: a product write's stock, options and variants (products.admin.ts), the stock a
 * checkout takes and a cancellation gives back, and the merchant's one-tap 'Agotado'. Every
 * function runs in its caller's transaction; the caller forgets the cached reads once it
 * committed, when availability changed.
 */

export const VARIANT_OF_ANOTHER_PRODUCT = "La variante no es de este producto";

/** What a product write sent of issue 36's fields (absent: left as it is). */
export interface StockInput {
  stock?: number | null;
  soldOut?: boolean;
  options?: ProductOptionFields[];
  variants?: VariantWrite[];
}

/** The variants as stored: each named by its values in the options' order. */
function variantValues(
  options: readonly ProductOptionFields[],
  variants: readonly VariantWrite[],
): stock.VariantValues[] {
  return variants.map((v) => ({
    ...(v.id === undefined ? {} : { id: v.id }),
    options: Object.fromEntries(options.map((o) => [o.name, v.options[o.name]])),
    name: variantNameOf(options, v.options),
    price: v.price,
    stock: v.stock ?? null,
    soldOut: v.soldOut ?? false,
    sku: v.sku,
  }));
}

/**
 * Writes the options' variants of a product (new or edited) when the input sent them, then
 * its stored availability and price. A variant id that is not this product's is a 400; so is
 * a count on a product that keeps variants (each variant counts its own).
 */
export async function writeStockAndVariants(
  tx: Queryable,
  productId: number,
  input: StockInput,
  current: { hasVariants: boolean },
): Promise<void> {
  if (input.options !== undefined || input.variants !== undefined) {
    const options = input.options ?? [];
    const variants = input.variants ?? [];
    const own = await stock.variantIdsOf(tx, productId);
    const errors = variants.flatMap((v, i) =>
      v.id !== undefined && !own.has(v.id)
        ? [{ path: `variants.${i}.id`, message: VARIANT_OF_ANOTHER_PRODUCT }]
        : [],
    );
    if (errors.length > 0) throw AppError.validation(errors);
    await stock.replaceVariants(tx, productId, variantValues(options, variants));
  } else if (current.hasVariants && input.stock !== undefined && input.stock !== null) {
    throw AppError.validation([{ path: "stock", message: STOCK_WITH_VARIANTS_MESSAGE }]);
  }
  await stock.refreshAvailability(tx, [productId]);
}

/** The CSV's variants of its new products, then their availability and prices. */
export async function insertUploadedVariants(
  tx: Queryable,
  products: readonly { id: number; options: ProductOptionFields[]; variants: VariantWrite[] }[],
): Promise<void> {
  await stock.insertVariants(
    tx,
    products.flatMap((p) =>
      variantValues(p.options, p.variants).map((v, position) => ({
        ...v,
        productId: p.id,
        position,
      })),
    ),
  );
  await stock.refreshAvailability(
    tx,
    products.map((p) => p.id),
  );
}

/** A checkout's line as the stock is taken for it. */
export interface CheckoutStockLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/** A product or variant whose count a checkout brought to 0: its merchant is told. */
export interface SoldOutItem {
  merchantId: number;
  productId: number;
  variantId: number | null;
  productName: string;
  variantName: string | null;
}

export interface TakenStock {
  /** The lines (`lineKey`) whose units came off a count: a cancellation gives them back. */
  counted: Set<string>;
  /** Some product or variant changed availability (or a product its lowest price). */
  availabilityChanged: boolean;
  /**
   * What the cache forgets once the checkout committed (server/cache/tags.ts): the products
   * whose availability or lowest price moved, and their shelves; none when only counts moved
   * (no public page shows a count).
   */
  changes: string[];
  soldOut: SoldOutItem[];
}

/** The cache's tags of products whose availability (or a variant's) just changed. */
function availabilityChanges(
  state: Awaited<ReturnType<typeof stock.lockStock>>,
  productIds: Iterable<number>,
): string[] {
  return [...new Set(productIds)].flatMap((id) => {
    const product = state.products.get(id);
    return product
      ? catalogueChanges.product({ id, merchantId: product.merchantId }, { shelf: true })
      : [];
  });
}

export const lineKey = (line: { productId: number; variantId: number | null }) =>
  `${line.productId}:${line.variantId ?? ""}`;

/**
 * Takes the lines' units from their counts, in the checkout's transaction: the counted rows
 * are locked first (stock.repository.ts, lockStock), so 50 checkouts of the last 5 take
 * turns and exactly 5 get them; a count never goes below 0 (a check constraint says so too).
 * A line short of stock, or sold out, is a 409 naming every such line: nothing is taken.
 */
export async function takeStock(
  tx: Queryable,
  lines: readonly CheckoutStockLine[],
): Promise<TakenStock> {
  const state = await stock.lockStock(tx, lines);
  const short: (ShortLine & { index: number })[] = [];
  const changes: { productId: number; variantId: number | null; delta: number }[] = [];
  const counted = new Set<string>();
  const soldOut: SoldOutItem[] = [];
  lines.forEach((line, index) => {
    const product = state.products.get(line.productId);
    if (!product) return;
    const variant = line.variantId === null ? undefined : state.variants.get(line.variantId);
    const name = lineName(product.name, variant?.name);
    const item = variant ?? product;
    const off = product.soldOut || item.soldOut;
    const left = off ? 0 : item.stock;
    if (left !== null && left < line.quantity) {
      short.push({ index, name, left });
      return;
    }
    if (item.stock === null) return;
    counted.add(lineKey(line));
    changes.push({ productId: line.productId, variantId: line.variantId, delta: -line.quantity });
    if (item.stock === line.quantity) {
      soldOut.push({
        merchantId: product.merchantId,
        productId: line.productId,
        variantId: line.variantId,
        productName: product.name,
        variantName: variant?.name ?? null,
      });
    }
  });
  if (short.length > 0) {
    throw new AppError(
      409,
      "conflict",
      stockShortMessage(short),
      short.map((line) => ({ path: `lines.${line.index}`, message: shortLineMessage(line) })),
    );
  }
  await stock.changeStock(tx, changes);
  const refreshed = await stock.refreshAvailability(
    tx,
    changes.map((c) => c.productId),
  );
  const changed = [...refreshed.map((r) => r.id), ...soldOut.map((s) => s.productId)];
  return {
    counted,
    availabilityChanged: changed.length > 0,
    changes: availabilityChanges(state, changed),
    soldOut,
  };
}

/**
 * Gives back a cancelled order's units (only the lines it took from a count, which the
 * orders module hands over once). Answers the cache's tags of the products whose
 * availability changed (none: only counts moved).
 */
export async function giveBackStock(
  tx: Queryable,
  lines: readonly CheckoutStockLine[],
): Promise<string[]> {
  if (lines.length === 0) return [];
  const state = await stock.lockStock(tx, lines);
  // A variant deleted since (its line's id is null now) or a product gone has nothing to refill.
  const kept = lines.filter(
    (l) =>
      state.products.has(l.productId) && (l.variantId === null || state.variants.has(l.variantId)),
  );
  // A count at 0 made its product or variant unavailable: it is available again.
  const refilled = kept.filter((l) => {
    const item =
      l.variantId === null ? state.products.get(l.productId) : state.variants.get(l.variantId);
    return item?.stock === 0;
  });
  await stock.changeStock(
    tx,
    kept.map((l) => ({ productId: l.productId, variantId: l.variantId, delta: l.quantity })),
  );
  const refreshed = await stock.refreshAvailability(
    tx,
    kept.map((l) => l.productId),
  );
  return availabilityChanges(state, [
    ...refilled.map((l) => l.productId),
    ...refreshed.map((r) => r.id),
  ]);
}

/**
 * The stock steps other modules call in their own transactions (the checkout takes, a
 * cancellation gives back) and the portal's one tap, which is audited and forgets the cached
 * reads like any product write.
 */
export function createProductStock(
  { db, cache }: ServiceDeps,
  activity: Pick<MerchantActivityService, "audit">,
) {
  return {
    takeStock,
    giveBackStock,
    /**
     * After a transaction that changed availability committed: every process forgets what
     * showed it (`changes`, from takeStock or giveBackStock).
     */
    async availabilityChanged(changes: readonly string[]): Promise<void> {
      await cache.forget(changes);
    },

    /**
     * 'Marcar agotado' / 'Hay de nuevo' and the count (issue 36). A product with variants
     * takes `soldOut` only (each variant counts its own stock, in the product form).
     */
    async setStock(
      id: number,
      input: unknown,
      options: { actor?: UserDto } = {},
    ): Promise<ProductDto> {
      const data = parseInput(quickStockSchema, input);
      const product = await db.transaction(async (tx) => {
        const current = isRowId(id) ? await repository.findProductForUpdate(tx, id) : undefined;
        if (!current) throw AppError.notFound(PRODUCT_NOT_FOUND);
        if (current.hasVariants && data.stock !== undefined && data.stock !== null) {
          throw AppError.validation([{ path: "stock", message: STOCK_WITH_VARIANTS_MESSAGE }]);
        }
        await stock.setProductStock(tx, id, data);
        await stock.refreshAvailability(tx, [id]);
        const row = await repository.findProductById(tx, id);
        if (!row) throw AppError.notFound(PRODUCT_NOT_FOUND);
        if (options.actor) {
          const [action, summary] = PRODUCT_AUDIT.stock(row);
          await activity.audit(tx, {
            merchantId: row.merchantId,
            user: options.actor,
            action,
            summary,
          });
        }
        return { product: toProductDto(row), available: current.isActive && current.inStock };
      });
      // 'Agotado' or a count: the lists move only when availability did (no page shows a count).
      await cache.forget(
        catalogueChanges.product(product.product, {
          shelf: product.available !== product.product.available,
        }),
      );
      return product.product;
    },
  };
}
