import { z } from "zod";
import { parsePrice } from "../money";
import {
  OPTION_TEXT_MAX,
  OPTION_VALUES_MAX,
  OPTIONS_MAX_MESSAGE,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_VARIANTS_MAX,
  SKU_MAX,
  STOCK_MAX,
  VARIANTS_MAX_MESSAGE,
} from "../product-variants";
import { PRICE_MESSAGE, textField, tooLong } from "./fields";

/*
 * Issue 36: a product's `stock`, `soldOut`, `options` and `variants`, all optional (absent:
 * today's behaviour). Checked together by checkVariants, so each wrong field has its message.
 */

export const STOCK_MESSAGE = "Las existencias deben ser un número entero de 0 en adelante";
export const STOCK_MAX_MESSAGE = `Las existencias no pueden pasar de ${STOCK_MAX.toLocaleString("en-US")}`;
export const SOLD_OUT_FIELD_MESSAGE = "Indica si el producto está agotado (sí o no)";
export const OPTION_NAME_MESSAGE = "Escribe el nombre de la opción (ej: Talla)";
export const OPTION_NAME_REPEATED_MESSAGE = "Ya hay otra opción con este nombre";
export const OPTION_VALUES_MESSAGE = "Escribe al menos un valor de la opción (ej: S, M, L)";
export const OPTION_VALUES_MAX_MESSAGE = `Una opción puede tener como máximo ${OPTION_VALUES_MAX} valores`;
export const OPTION_VALUE_MESSAGE = "Escribe el valor (ej: M)";
export const OPTION_VALUE_REPEATED_MESSAGE = "Este valor ya está en la opción";
export const VARIANTS_REQUIRED_MESSAGE = "Agrega al menos una combinación que vendes";
export const VARIANTS_WITHOUT_OPTIONS_MESSAGE =
  "Define las opciones del producto antes que sus variantes";
export const VARIANT_OPTIONS_MESSAGE = "Elige un valor de cada opción del producto";
export const VARIANT_REPEATED_MESSAGE = "Otra variante ya tiene esta combinación";
export const VARIANT_PRICE_DECIMALS_MESSAGE =
  "El precio puede tener como máximo 2 decimales (ej: 12.50)";
export const VARIANT_ID_MESSAGE = "Identificador de variante inválido";
export const STOCK_WITH_VARIANTS_MESSAGE =
  "Con variantes, las existencias se indican en cada variante";

export const stockField = z
  .number({ error: STOCK_MESSAGE })
  .int(STOCK_MESSAGE)
  .min(0, STOCK_MESSAGE)
  .max(STOCK_MAX, STOCK_MAX_MESSAGE)
  .nullable();

const soldOutField = z.boolean({ error: SOLD_OUT_FIELD_MESSAGE });

/**
 * An exact price (issue 36: a variant's): text or number with at most two decimals, out as
 * the API's "12.50". Unlike the product's `price` (spec §7, which rounds), '12.555' is refused.
 */
export const exactPriceField = z
  .union([z.string(), z.number()], { error: PRICE_MESSAGE })
  .transform((value, ctx) => {
    const text = (typeof value === "number" ? String(value) : value).trim().replace(/^\$\s*/, "");
    if (/^\d*\.\d{3,}$/.test(text)) {
      ctx.addIssue({ code: "custom", message: VARIANT_PRICE_DECIMALS_MESSAGE, input: value });
      return z.NEVER;
    }
    const price = parsePrice(typeof value === "number" && !Number.isFinite(value) ? "" : text);
    if (price === null || (typeof value === "number" && value < 0)) {
      ctx.addIssue({ code: "custom", message: PRICE_MESSAGE, input: value });
      return z.NEVER;
    }
    return price;
  });

const optionText = (message: string) =>
  textField(message).trim().min(1, message).max(OPTION_TEXT_MAX, tooLong(OPTION_TEXT_MAX));

const optionSchema = z.object({
  name: optionText(OPTION_NAME_MESSAGE),
  values: z
    .array(optionText(OPTION_VALUE_MESSAGE), { error: OPTION_VALUES_MESSAGE })
    .min(1, OPTION_VALUES_MESSAGE)
    .max(OPTION_VALUES_MAX, OPTION_VALUES_MAX_MESSAGE),
});

const variantSchema = z.object({
  /** A variant sent with its id keeps it (its cart lines and order history stay). */
  id: z.int({ error: VARIANT_ID_MESSAGE }).positive(VARIANT_ID_MESSAGE).optional(),
  options: z.record(
    textField(VARIANT_OPTIONS_MESSAGE).trim(),
    textField(VARIANT_OPTIONS_MESSAGE).trim(),
    { error: VARIANT_OPTIONS_MESSAGE },
  ),
  price: exactPriceField,
  stock: stockField.optional(),
  soldOut: soldOutField.optional(),
  sku: textField()
    .trim()
    .max(SKU_MAX, tooLong(SKU_MAX))
    .nullish()
    .transform((v) => v || null),
});

/** The fields of issue 36 on every product write (the admin's, the portal's, the CSV's rows). */
export const stockAndVariantFields = {
  stock: stockField.optional(),
  soldOut: soldOutField.optional(),
  options: z
    .array(optionSchema, { error: OPTIONS_MAX_MESSAGE })
    .max(PRODUCT_OPTIONS_MAX, OPTIONS_MAX_MESSAGE)
    .optional(),
  variants: z
    .array(variantSchema, { error: VARIANTS_MAX_MESSAGE })
    .max(PRODUCT_VARIANTS_MAX, VARIANTS_MAX_MESSAGE)
    .optional(),
};

type VariantInput = z.output<typeof variantSchema>;
interface WithVariants {
  stock?: number | null;
  options?: { name: string; values: string[] }[];
  variants?: VariantInput[];
}

const fold = (text: string) => text.toLocaleLowerCase("es");

/**
 * The checks across fields: option names and values once each, every variant one value of
 * each option (and nothing else), no combination twice, variants only with options and
 * options only with variants, and a product with variants counts its stock per variant.
 */
export function checkVariants(data: WithVariants, ctx: z.RefinementCtx): void {
  const options = data.options ?? [];
  const variants = data.variants ?? [];
  const names = new Set<string>();
  options.forEach((option, i) => {
    if (names.has(fold(option.name))) {
      ctx.addIssue({
        code: "custom",
        path: ["options", i, "name"],
        message: OPTION_NAME_REPEATED_MESSAGE,
      });
    }
    names.add(fold(option.name));
    const values = new Set<string>();
    option.values.forEach((value, j) => {
      if (values.has(fold(value))) {
        ctx.addIssue({
          code: "custom",
          path: ["options", i, "values", j],
          message: OPTION_VALUE_REPEATED_MESSAGE,
        });
      }
      values.add(fold(value));
    });
  });
  if (options.length > 0 && variants.length === 0) {
    ctx.addIssue({ code: "custom", path: ["variants"], message: VARIANTS_REQUIRED_MESSAGE });
  }
  if (options.length === 0 && variants.length > 0) {
    ctx.addIssue({ code: "custom", path: ["options"], message: VARIANTS_WITHOUT_OPTIONS_MESSAGE });
    return;
  }
  if (variants.length > 0 && data.stock !== undefined && data.stock !== null) {
    ctx.addIssue({ code: "custom", path: ["stock"], message: STOCK_WITH_VARIANTS_MESSAGE });
  }
  const combinations = new Set<string>();
  const ids = new Set<number>();
  variants.forEach((variant, i) => {
    const keys = Object.keys(variant.options);
    const fits =
      keys.length === options.length &&
      options.every((option) => option.values.includes(variant.options[option.name] ?? ""));
    if (!fits) {
      ctx.addIssue({
        code: "custom",
        path: ["variants", i, "options"],
        message: VARIANT_OPTIONS_MESSAGE,
      });
      return;
    }
    const combination = JSON.stringify(options.map((option) => variant.options[option.name]));
    if (combinations.has(combination)) {
      ctx.addIssue({
        code: "custom",
        path: ["variants", i, "options"],
        message: VARIANT_REPEATED_MESSAGE,
      });
    }
    combinations.add(combination);
    if (variant.id !== undefined) {
      if (ids.has(variant.id)) {
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "id"],
          message: VARIANT_REPEATED_MESSAGE,
        });
      }
      ids.add(variant.id);
    }
  });
}

export type VariantWrite = VariantInput;

/**
 * The portal's one tap on its product list (issue 36): 'Marcar agotado' / 'Hay de nuevo'
 * (`soldOut`) and, when given, the count (`stock`, null: not counted).
 */
export const quickStockSchema = z.object({
  soldOut: soldOutField.optional(),
  stock: stockField.optional(),
});
export type QuickStockInput = z.input<typeof quickStockSchema>;
