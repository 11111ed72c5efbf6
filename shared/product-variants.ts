/**
 * A product's stock, options and variants (issue 36), as the server, the forms, the product
 * page and the CSV reader share them. Zod-free: the product page loads this without zod.
 */

/** 'Talla', 'Color', 'Relleno': at most this many options a product. */
export const PRODUCT_OPTIONS_MAX = 3;
/** Values of one option ('S', 'M', 'L'…). */
export const OPTION_VALUES_MAX = 30;
/** Combinations a product sells: Shopify's classic limit. */
export const PRODUCT_VARIANTS_MAX = 100;
/** Units one product or variant may count (the forms' and the CSV's limit). */
export const STOCK_MAX = 999_999;
export const OPTION_TEXT_MAX = 60;
export const SKU_MAX = 100;

/** Between a variant's values in its name: 'M · Azul'. */
export const VARIANT_NAME_SEPARATOR = " · ";

export const SOLD_OUT_MESSAGE = "Este producto está agotado";

/** 409 of a cart line or a checkout asking for more than is left. */
export function stockLeftMessage(left: number, name: string): string {
  return `Solo quedan ${left} de ${name}`;
}

/** 400 of a cart add without the variant of a product that has them. */
export function chooseOptionMessage(productName: string): string {
  return `Elige una opción de ${productName}`;
}

export interface ProductOptionFields {
  name: string;
  values: string[];
}

/** What availability reads of a product or variant. */
export interface StockFields {
  stock: number | null;
  soldOut: boolean;
}

/** Not marked 'Agotado', and not counted or some left. */
export function hasStock(item: StockFields): boolean {
  return !item.soldOut && (item.stock === null || item.stock > 0);
}

/** A variant's name: its values in the product's option order, 'M · Azul'. */
export function variantNameOf(
  options: readonly ProductOptionFields[],
  chosen: Readonly<Record<string, string>>,
): string {
  return options.map((option) => chosen[option.name] ?? "").join(VARIANT_NAME_SEPARATOR);
}

/** How a cart or order line names what it holds: 'Camisa (M · Azul)', or the product's name. */
export function lineName(productName: string, variantName: string | null | undefined): string {
  return variantName ? `${productName} (${variantName})` : productName;
}

/**
 * The CSV's `opciones` cell, 'Talla=M; Color=Azul' (a ',' works too), as [name, value] pairs
 * in its order; a string saying what is wrong otherwise. Blank: no options.
 */
export function parseOptionsCell(cell: string): [string, string][] | string {
  const text = cell.trim();
  if (text === "") return [];
  const pairs: [string, string][] = [];
  for (const part of text.split(/[;,]/)) {
    if (part.trim() === "") continue;
    const equals = part.indexOf("=");
    const name = equals < 0 ? "" : part.slice(0, equals).trim();
    const value = equals < 0 ? "" : part.slice(equals + 1).trim();
    if (!name || !value) return `Opciones inválidas: "${part.trim()}" (ej: Talla=M; Color=Azul)`;
    if (pairs.some(([other]) => other.toLowerCase() === name.toLowerCase())) {
      return `La opción ${name} aparece dos veces`;
    }
    pairs.push([name, value]);
  }
  if (pairs.length > PRODUCT_OPTIONS_MAX) return OPTIONS_MAX_MESSAGE;
  return pairs;
}

export const OPTIONS_MAX_MESSAGE = `Un producto puede tener como máximo ${PRODUCT_OPTIONS_MAX} opciones`;
export const VARIANTS_MAX_MESSAGE = `Un producto puede tener como máximo ${PRODUCT_VARIANTS_MAX} variantes`;

/** A variant as the product page picks among them. */
export interface PickableVariant extends StockFields {
  id: number;
  options: Record<string, string>;
  available: boolean;
}

/**
 * The values of `option` that some variant sells given the other choices already made: a
 * combination the product does not sell cannot be chosen.
 */
export function sellableValues(
  option: ProductOptionFields,
  variants: readonly PickableVariant[],
  chosen: Readonly<Record<string, string>>,
): Set<string> {
  const others = Object.entries(chosen).filter(([name, value]) => name !== option.name && value);
  return new Set(
    variants
      .filter((variant) => others.every(([name, value]) => variant.options[name] === value))
      .map((variant) => variant.options[option.name])
      .filter((value): value is string => value !== undefined),
  );
}

/** The variant of exactly these choices, if the product sells it. */
export function variantOf<V extends PickableVariant>(
  options: readonly ProductOptionFields[],
  variants: readonly V[],
  chosen: Readonly<Record<string, string>>,
): V | undefined {
  return variants.find((variant) =>
    options.every((option) => variant.options[option.name] === chosen[option.name]),
  );
}

/** A checkout line short of stock: what is left of it (0: sold out). */
export interface ShortLine {
  name: string;
  left: number;
}

/** The checkout's 409 naming every line short of stock. */
export function stockShortMessage(lines: readonly ShortLine[]): string {
  const named = lines.map((l) => `${l.name} (${l.left > 0 ? `solo quedan ${l.left}` : "agotado"})`);
  return `No hay suficientes existencias de: ${named.join(", ")}. Ajusta tu carrito para continuar.`;
}

/** One short line's own message (the 409's `errors[]`). */
export function shortLineMessage(line: ShortLine): string {
  return line.left > 0 ? stockLeftMessage(line.left, line.name) : `${line.name} está agotado`;
}
