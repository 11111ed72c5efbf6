import type { ProductOption } from "../../db/schema/index";
import type { ProductFields } from "../../shared/api-types";
import type { DemoCategorySlug } from "./data/categories";

/** A product of the demo plan (./plan.ts), with its stock once withDemoStock has run. */
export interface PlannedProduct {
  merchant: number;
  category: DemoCategorySlug;
  values: ProductFields & { createdAt: Date; updatedAt: Date };
  /** Issue 36: its stock, 'Agotado' and variants; absent: not counted. */
  stock?: DemoStock;
}

/*
 * Issue 36 in the demo catalogue, so the first `npm start` shows it: a product marked
 * 'Agotado', one with a counted stock, and a shirt sold in sizes S, M and L with M sold out
 * (its page asks for the size; cards say 'Desde $18.00'). All in the clothes shop, whose
 * menu is planned whole (planProducts, ./plan-products.ts), so these names are always there.
 */

/** A product's stock fields as the seed writes them (in_stock and price already computed). */
export interface DemoStock {
  stock: number | null;
  soldOut: boolean;
  inStock: boolean;
  options: ProductOption[];
  variants: {
    options: Record<string, string>;
    name: string;
    price: string;
    stock: number | null;
    soldOut: boolean;
    sku: string | null;
  }[];
}

const plain = (stock: number | null, soldOut = false): DemoStock => ({
  stock,
  soldOut,
  inStock: !soldOut && (stock === null || stock > 0),
  options: [],
  variants: [],
});

const size = (name: string, price: string, stock: number | null, soldOut = false) => ({
  options: { Talla: name },
  name,
  price,
  stock,
  soldOut,
  sku: `CAM-FORMAL-${name}`,
});

export const DEMO_STOCK: Readonly<Record<string, DemoStock>> = {
  "Vestido de fiesta": plain(null, true),
  "Blusa de algodón para dama": plain(5),
  "Camisa formal para caballero": {
    stock: null,
    soldOut: false,
    inStock: true,
    options: [{ name: "Talla", values: ["S", "M", "L"] }],
    // The product's price is its lowest available variant's: S at 18.00.
    variants: [size("S", "18.00", null), size("M", "18.00", 0), size("L", "19.50", 4)],
  },
};

/** The planned products with their demo stock: the first product of each name above. */
export function withDemoStock(products: PlannedProduct[]): PlannedProduct[] {
  const given = new Set<string>();
  return products.map((product) => {
    const stock = DEMO_STOCK[product.values.name];
    if (!stock || given.has(product.values.name)) return product;
    given.add(product.values.name);
    return { ...product, stock };
  });
}
