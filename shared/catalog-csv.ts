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
import { productSlug, stripAccents } from "./slug";

export interface CatalogRow {
  /** Line of the file where the row starts (the header is line 1). */
  line: number;
  name: string;
  slug: string;
  description: string;
  price: string;
  imageUrl: string;
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

function headerKey(header: string): string {
  return stripAccents(header).toLowerCase().replace(/[\s_]/g, "");
}

/** Recognised headers pick their column; the other fields take the free columns in the spec's order. */
function columnIndexes(header: string[]): Record<Column, number> {
  const indexes: Partial<Record<Column, number>> = {};
  header.forEach((text, index) => {
    const column = HEADER_NAMES[headerKey(text)];
    if (column && indexes[column] === undefined) indexes[column] = index;
  });
  const taken = new Set(Object.values(indexes));
  const free = header.map((_, index) => index).filter((index) => !taken.has(index));
  for (const column of COLUMN_ORDER) indexes[column] ??= free.shift();
  return indexes as Record<Column, number>;
}

/** The row's product, or the list of what is wrong with it. */
function readRow(
  values: string[],
  columns: Record<Column, number>,
): Omit<CatalogRow, "line"> | string[] {
  // The cells follow the API's text rule (schemas/fields.ts): bidi controls removed,
  // NUL and lone surrogates reported on their line rather than refused by the server.
  const field = (column: Column) => stripBidiControls(values[columns[column]] ?? "").trim();
  const name = field("name");
  const description = field("description");
  const price = parsePrice(field("price"));
  const imageUrl = field("imageUrl") || DEFAULT_PRODUCT_IMAGE;
  const problems = [
    [name, description, imageUrl].some(hasInvalidText) && INVALID_TEXT_MESSAGE,
    !name && "Falta el nombre",
    !description && "Falta la descripción",
    price === null && "Precio inválido",
    imageUrlProblem(imageUrl) ?? false,
  ].filter((problem): problem is string => problem !== false);
  if (problems.length > 0 || price === null) return problems;
  return { name, slug: productSlug(name), description, price, imageUrl };
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
