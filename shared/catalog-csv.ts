import Papa from "papaparse";
import { BULK_UPLOAD_MAX, DEFAULT_PRODUCT_IMAGE } from "./limits";
import { parsePrice } from "./money";
import { BULK_MAX_MESSAGE } from "./schemas/bulk-upload";
import {
  hasInvalidText,
  imageUrlProblem,
  INVALID_TEXT_MESSAGE,
  stripBidiControls,
} from "./schemas/fields";
import { parseOptionsCell, STOCK_MAX } from "./product-variants";
import { productSlug, stripAccents } from "./slug";

export interface CatalogRow {
  /** Line of the file where the row starts (the header is line 1). */
  line: number;
  name: string;
  slug: string;
  description: string;
  price: string;
  imageUrl: string;
  /** Issue 36, when the `existencias` cell holds a count (blank: not counted). */
  stock?: number;
  /** Issue 36: the `opciones` cell, 'Talla=M; Color=Azul', as [name, value] pairs. */
  options?: [string, string][];
}

/**
 * A product of the catalogue as the upload sends it (issue 36): a row, or the rows of one
 * slug that each name a variant ('opciones'), with their options and variants.
 */
export interface CatalogProduct {
  /** The line of its first row. */
  line: number;
  name: string;
  slug: string;
  description: string;
  price: string;
  imageUrl: string;
  stock?: number;
  options?: { name: string; values: string[] }[];
  variants?: { options: Record<string, string>; price: string; stock: number | null }[];
}

export interface CatalogCsvResult {
  rows: CatalogRow[];
  errors: { line: number; message: string }[];
  /** Set when the file can't be read at all; rows and errors are then empty. */
  fatal?: string;
}

export const CSV_EMPTY_MESSAGE = "Por favor proporciona datos CSV";
export const CSV_COLUMNS_MESSAGE =
  "El CSV debe tener al menos 4 columnas: Nombre, Descripción, Precio, Imagen URL";

type Column = "name" | "description" | "price" | "imageUrl";
/** Issue 36's columns, read only when their header names them. */
type OptionalColumn = "stock" | "options";
/** The spec's column order, used for columns whose header isn't recognised. */
const COLUMN_ORDER: readonly Column[] = ["name", "description", "price", "imageUrl"];

const HEADER_NAMES: Record<string, Column> = {
  nombre: "name",
  name: "name",
  descripcion: "description",
  description: "description",
  precio: "price",
  price: "price",
  imagenurl: "imageUrl",
  imageurl: "imageUrl",
  imagen: "imageUrl",
  image: "imageUrl",
};

const OPTIONAL_HEADERS: Record<string, OptionalColumn> = {
  existencias: "stock",
  stock: "stock",
  inventario: "stock",
  opciones: "options",
  options: "options",
  variante: "options",
};

function headerKey(header: string): string {
  return stripAccents(header).toLowerCase().replace(/[\s_]/g, "");
}

/** Recognised headers pick their column; the other fields take the free columns in the spec's order. */
function columnIndexes(
  header: string[],
): Record<Column, number> & Partial<Record<OptionalColumn, number>> {
  const indexes: Partial<Record<Column | OptionalColumn, number>> = {};
  header.forEach((text, index) => {
    const column = HEADER_NAMES[headerKey(text)] ?? OPTIONAL_HEADERS[headerKey(text)];
    if (column && indexes[column] === undefined) indexes[column] = index;
  });
  const taken = new Set(Object.values(indexes));
  const free = header.map((_, index) => index).filter((index) => !taken.has(index));
  for (const column of COLUMN_ORDER) indexes[column] ??= free.shift();
  return indexes as Record<Column, number> & Partial<Record<OptionalColumn, number>>;
}

/** The row's product, or the list of what is wrong with it. */
function readRow(
  values: string[],
  columns: ReturnType<typeof columnIndexes>,
): Omit<CatalogRow, "line"> | string[] {
  // The cells follow the API's text rule (schemas/fields.ts): bidi controls removed,
  // NUL and lone surrogates reported on their line rather than refused by the server.
  const field = (column: Column | OptionalColumn) => {
    const index = columns[column];
    return index === undefined ? "" : stripBidiControls(values[index] ?? "").trim();
  };
  const name = field("name");
  const description = field("description");
  const price = parsePrice(field("price"));
  const imageUrl = field("imageUrl") || DEFAULT_PRODUCT_IMAGE;
  const stockText = field("stock");
  const stock = /^\d{1,7}$/.test(stockText) ? Number(stockText) : null;
  const options = parseOptionsCell(field("options"));
  const problems = [
    [name, description, imageUrl, field("options")].some(hasInvalidText) && INVALID_TEXT_MESSAGE,
    !name && "Falta el nombre",
    !description && "Falta la descripción",
    price === null && "Precio inválido",
    imageUrlProblem(imageUrl) ?? false,
    stockText !== "" &&
      (stock === null || stock > STOCK_MAX) &&
      "Existencias inválidas: un número entero de 0 en adelante",
    typeof options === "string" && options,
  ].filter((problem): problem is string => problem !== false);
  if (problems.length > 0 || price === null || typeof options === "string") return problems;
  return {
    name,
    slug: productSlug(name),
    description,
    price,
    imageUrl,
    ...(stock === null ? {} : { stock }),
    ...(options.length > 0 ? { options } : {}),
  };
}

const isBlank = (values: string[]) => values.every((v) => v.trim() === "");
const countLineBreaks = (values: string[]) =>
  values.reduce((n, v) => n + v.split("\n").length - 1, 0);

/**
 * Reads the admin's catalogue CSV (spec §5): a header row with at least 4 columns, then
 * one product per row. Quoted fields may hold the delimiter and line breaks; the
 * delimiter is detected, so a spreadsheet's ';' export works too.
 */
export function parseCatalogCsv(text: string): CatalogCsvResult {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (source.trim() === "") return { rows: [], errors: [], fatal: CSV_EMPTY_MESSAGE };

  const parsed = Papa.parse<string[]>(source, { header: false, skipEmptyLines: false });
  const brokenRows = new Set(parsed.errors.filter((e) => e.type === "Quotes").map((e) => e.row));
  const rows: CatalogRow[] = [];
  const errors: CatalogCsvResult["errors"] = [];
  let columns: Record<Column, number> | undefined;
  let nextLine = 1;

  for (const [index, values] of parsed.data.entries()) {
    const line = nextLine;
    nextLine += 1 + countLineBreaks(values);
    if (isBlank(values)) continue;
    if (!columns) {
      if (values.length < 4) return { rows: [], errors: [], fatal: CSV_COLUMNS_MESSAGE };
      columns = columnIndexes(values);
      continue;
    }
    if (rows.length + errors.length >= BULK_UPLOAD_MAX)
      return { rows: [], errors: [], fatal: BULK_MAX_MESSAGE };

    const row = brokenRows.has(index)
      ? ["Comillas sin cerrar"]
      : values.length < 4
        ? ["Datos incompletos"]
        : readRow(values, columns);
    if (Array.isArray(row)) {
      errors.push(...row.map((problem) => ({ line, message: `Línea ${line}: ${problem}` })));
    } else {
      rows.push({ line, ...row });
    }
  }
  return { rows, errors };
}

/**
 * The products of the rows (issue 36): a row without `opciones` is a product; the rows with
 * them are grouped by the product's slug into one product with options and variants (one
 * row per variant: its price and `existencias`), the first row giving name, description and
 * picture. A group whose rows name other options, or a combination twice, is an error on
 * that row's line.
 */
export function catalogProducts(rows: readonly CatalogRow[]): {
  products: CatalogProduct[];
  errors: { line: number; message: string }[];
} {
  const products: CatalogProduct[] = [];
  const errors: { line: number; message: string }[] = [];
  const groups = new Map<string, CatalogProduct>();
  for (const row of rows) {
    const { line, name, slug, description, price, imageUrl } = row;
    if (!row.options) {
      products.push({
        line,
        name,
        slug,
        description,
        price,
        imageUrl,
        ...(row.stock === undefined ? {} : { stock: row.stock }),
      });
      continue;
    }
    let product = groups.get(slug);
    if (!product) {
      product = {
        line,
        name,
        slug,
        description,
        price,
        imageUrl,
        options: row.options.map(([option]) => ({ name: option, values: [] })),
        variants: [],
      };
      groups.set(slug, product);
      products.push(product);
    }
    const names = product.options!.map((o) => o.name);
    if (
      row.options.length !== names.length ||
      row.options.some(([option], i) => option !== names[i])
    ) {
      errors.push({
        line,
        message: `Línea ${line}: las opciones deben ser ${names.join(", ")}, como en la línea ${product.line}`,
      });
      continue;
    }
    const chosen = Object.fromEntries(row.options);
    const key = JSON.stringify(row.options.map(([, value]) => value));
    if (product.variants!.some((v) => JSON.stringify(names.map((n) => v.options[n])) === key)) {
      errors.push({
        line,
        message: `Línea ${line}: esta combinación de opciones ya está en otra línea`,
      });
      continue;
    }
    row.options.forEach(([, value], i) => {
      const values = product.options![i].values;
      if (!values.includes(value)) values.push(value);
    });
    product.variants!.push({ options: chosen, price, stock: row.stock ?? null });
  }
  return { products, errors };
}
