import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import type { ProductDto } from "../../../shared/api-types";
import { parsePrice } from "../../../shared/money";
import {
  OPTION_VALUES_MAX,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_VARIANTS_MAX,
  STOCK_MAX,
  VARIANT_NAME_SEPARATOR,
  VARIANTS_MAX_MESSAGE,
} from "../../../shared/product-variants";
import type { ProductUpdateInput } from "../../../shared/schemas/product";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

/*
 * Issue 36: a product's stock ('Existencias', 'Agotado') and its options with the variants
 * it sells, as the admin's and the portal's product form edit them. The options' values are
 * typed separated by commas; every combination is listed, and the merchant marks which it
 * sells, each with its price, stock, 'Agotado' and SKU.
 */

export interface OptionDraft {
  name: string;
  /** 'S, M, L' */
  values: string;
}

export interface VariantDraft {
  id?: number;
  sells: boolean;
  price: string;
  stock: string;
  soldOut: boolean;
  sku: string;
}

export interface StockDraft {
  /** '' : not counted. */
  stock: string;
  soldOut: boolean;
  options: OptionDraft[];
  /** By combination key (combinationKey). */
  variants: Record<string, VariantDraft>;
}

const valuesOf = (option: OptionDraft) => [
  ...new Set(
    option.values
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** The options as the API takes them: named, with at least one value. */
export function draftOptions(draft: StockDraft) {
  return draft.options
    .map((o) => ({ name: o.name.trim(), values: valuesOf(o).slice(0, OPTION_VALUES_MAX) }))
    .filter((o) => o.name && o.values.length > 0);
}

/** Every combination of the options' values, each as {option name: value}. */
export function combinations(options: { name: string; values: string[] }[]) {
  let all: Record<string, string>[] = options.length > 0 ? [{}] : [];
  for (const option of options) {
    all = all.flatMap((chosen) =>
      option.values.map((value) => ({ ...chosen, [option.name]: value })),
    );
    // The form lists at most a little more than a product may sell.
    if (all.length > PRODUCT_VARIANTS_MAX * 4) break;
  }
  return all;
}

export const combinationKey = (options: { name: string }[], chosen: Record<string, string>) =>
  options.map((o) => chosen[o.name]).join(VARIANT_NAME_SEPARATOR);

/** The form's draft of a product (a new one: not counted, no options). */
export function initialStockDraft(product?: ProductDto): StockDraft {
  if (!product) return { stock: "", soldOut: false, options: [], variants: {} };
  // Combinations it does not sell stay unmarked; ones of values added later are marked.
  const unsold = combinations(product.options).map((chosen) => [
    combinationKey(product.options, chosen),
    { sells: false, price: "", stock: "", soldOut: false, sku: "" },
  ]);
  return {
    stock: product.stock === null ? "" : String(product.stock),
    soldOut: product.soldOut,
    options: product.options.map((o) => ({ name: o.name, values: o.values.join(", ") })),
    variants: Object.fromEntries([
      ...unsold,
      ...product.variants.map((v) => [
        combinationKey(product.options, v.options),
        {
          id: v.id,
          sells: true,
          price: v.price,
          stock: v.stock === null ? "" : String(v.stock),
          soldOut: v.soldOut,
          sku: v.sku ?? "",
        },
      ]),
    ]),
  };
}

const stockNumber = (text: string) => {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= STOCK_MAX ? n : Number.NaN;
};

/**
 * The draft's fields of the payload, or what is wrong with it. `hadOptions`: an edited
 * product that had options, whose removal must be sent (options: []).
 */
export function stockPayload(
  draft: StockDraft,
  price: string,
  hadOptions: boolean,
):
  | { fields: Pick<ProductUpdateInput, "stock" | "soldOut" | "options" | "variants"> }
  | { error: string } {
  const options = draftOptions(draft);
  if (options.length === 0) {
    const stock = stockNumber(draft.stock);
    if (Number.isNaN(stock))
      return { error: "Las existencias deben ser un número entero de 0 en adelante" };
    return {
      fields: {
        stock,
        soldOut: draft.soldOut,
        ...(hadOptions ? { options: [], variants: [] } : {}),
      },
    };
  }
  const variants = [];
  for (const chosen of combinations(options)) {
    const row = draft.variants[combinationKey(options, chosen)];
    if (!row?.sells) continue;
    const variantPrice = parsePrice(row.price || price);
    const stock = stockNumber(row.stock);
    const name = combinationKey(options, chosen);
    if (variantPrice === null) return { error: `Ingresa un precio válido para ${name}` };
    if (Number.isNaN(stock))
      return { error: `Las existencias de ${name} deben ser un número entero` };
    variants.push({
      ...(row.id === undefined ? {} : { id: row.id }),
      options: chosen,
      price: variantPrice,
      stock,
      soldOut: row.soldOut,
      sku: row.sku.trim() || null,
    });
  }
  if (variants.length === 0) return { error: "Marca al menos una combinación que vendes" };
  if (variants.length > PRODUCT_VARIANTS_MAX) return { error: VARIANTS_MAX_MESSAGE };
  return { fields: { soldOut: draft.soldOut, options, variants } };
}

export function ProductStockFields({
  draft,
  onChange,
  price,
  disabled,
}: {
  draft: StockDraft;
  onChange: (draft: StockDraft) => void;
  /** The product's price: a new combination's price until one is typed. */
  price: string;
  disabled?: boolean;
}) {
  const id = useId();
  const options = draftOptions(draft);
  const rows = combinations(options);
  const setOption = (index: number, option: OptionDraft) =>
    onChange({ ...draft, options: draft.options.map((o, i) => (i === index ? option : o)) });
  const setRow = (key: string, row: VariantDraft) =>
    onChange({ ...draft, variants: { ...draft.variants, [key]: row } });
  const rowOf = (key: string): VariantDraft =>
    draft.variants[key] ?? { sells: true, price: "", stock: "", soldOut: false, sku: "" };

  return (
    <fieldset
      className="grid gap-4 rounded-lg border border-stone-200 p-3 sm:col-span-2"
      disabled={disabled}
    >
      <legend className="px-1 text-sm font-semibold text-stone-900">Existencias y opciones</legend>
      <div className="flex flex-wrap items-end gap-4">
        {options.length === 0 && (
          <div>
            <Label htmlFor={`${id}-stock`}>Existencias</Label>
            <Input
              id={`${id}-stock`}
              aria-describedby={`${id}-stock-hint`}
              className="mt-1 w-36"
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              placeholder="Sin contar"
              value={draft.stock}
              onChange={(event) => onChange({ ...draft, stock: event.target.value })}
            />
            <p id={`${id}-stock-hint`} className="mt-1 text-xs text-stone-600">
              Vacío: no se cuentan. En 0 se muestra «Agotado».
            </p>
          </div>
        )}
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={draft.soldOut}
            onChange={(event) => onChange({ ...draft, soldOut: event.target.checked })}
          />
          Agotado (no se puede pedir por ahora)
        </label>
      </div>

      <div className="grid gap-3">
        <p className="text-sm text-stone-700">
          Opciones como Talla, Color o Relleno (hasta {PRODUCT_OPTIONS_MAX}), cada una con sus
          valores separados por comas.
        </p>
        {draft.options.map((option, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <div>
              <Label htmlFor={`${id}-option-${index}`}>Opción {index + 1}</Label>
              <Input
                id={`${id}-option-${index}`}
                className="mt-1"
                placeholder="Talla"
                maxLength={60}
                value={option.name}
                onChange={(event) => setOption(index, { ...option, name: event.target.value })}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-values-${index}`}>Valores</Label>
              <Input
                id={`${id}-values-${index}`}
                className="mt-1"
                placeholder="S, M, L"
                value={option.values}
                onChange={(event) => setOption(index, { ...option, values: event.target.value })}
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Quitar la opción ${option.name || index + 1}`}
              onClick={() =>
                onChange({ ...draft, options: draft.options.filter((_, i) => i !== index) })
              }
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        {draft.options.length < PRODUCT_OPTIONS_MAX && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              onChange({ ...draft, options: [...draft.options, { name: "", values: "" }] })
            }
          >
            <Plus aria-hidden />
            Agregar opción
          </Button>
        )}
      </div>

      {rows.length > PRODUCT_VARIANTS_MAX * 4 ? (
        <p role="alert" className="text-sm text-red-700">
          Demasiadas combinaciones: un producto vende como máximo {PRODUCT_VARIANTS_MAX}.
        </p>
      ) : (
        rows.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="pb-2 text-left text-stone-700">
                Marca las combinaciones que vendes, con su precio y existencias.
              </caption>
              <thead>
                <tr className="text-left text-stone-700">
                  <th className="p-1 font-medium">Variante</th>
                  <th className="p-1 font-medium">Precio</th>
                  <th className="p-1 font-medium">Existencias</th>
                  <th className="p-1 font-medium">Agotado</th>
                  <th className="p-1 font-medium">SKU</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((chosen) => {
                  const key = combinationKey(options, chosen);
                  const row = rowOf(key);
                  return (
                    <tr key={key} className="border-t border-stone-100">
                      <td className="p-1">
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-4 accent-brand-700"
                            checked={row.sells}
                            onChange={(event) =>
                              setRow(key, { ...row, sells: event.target.checked })
                            }
                          />
                          {key}
                        </label>
                      </td>
                      <td className="p-1">
                        <Input
                          aria-label={`Precio de ${key}`}
                          className="w-24"
                          type="number"
                          inputMode="decimal"
                          min="0"
                          step="0.01"
                          placeholder={price || "0.00"}
                          value={row.price}
                          disabled={!row.sells}
                          onChange={(event) => setRow(key, { ...row, price: event.target.value })}
                        />
                      </td>
                      <td className="p-1">
                        <Input
                          aria-label={`Existencias de ${key}`}
                          className="w-24"
                          type="number"
                          inputMode="numeric"
                          min="0"
                          step="1"
                          placeholder="Sin contar"
                          value={row.stock}
                          disabled={!row.sells}
                          onChange={(event) => setRow(key, { ...row, stock: event.target.value })}
                        />
                      </td>
                      <td className="p-1">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          aria-label={`${key} agotado`}
                          checked={row.soldOut}
                          disabled={!row.sells}
                          onChange={(event) =>
                            setRow(key, { ...row, soldOut: event.target.checked })
                          }
                        />
                      </td>
                      <td className="p-1">
                        <Input
                          aria-label={`SKU de ${key}`}
                          className="w-28"
                          maxLength={100}
                          value={row.sku}
                          disabled={!row.sells}
                          onChange={(event) => setRow(key, { ...row, sku: event.target.value })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )
      )}
    </fieldset>
  );
}
