import { useId, type FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import {
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  type ProductShelf,
  type ProductSort,
} from "../../../shared/product-sort";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";

/**
 * A product list's shelf (issue 36): 'Ordenar por', a price range and 'Solo disponibles', on
 * /products, a category's and a merchant's products and /search. A GET form, so it works
 * without JavaScript ('Aplicar'); with it, the order and the checkbox apply as soon as they
 * change, and empty fields are left out of the URL. Changing the shelf drops the page
 * number, since the old page may not exist any more.
 */
export function ProductShelfFilters({
  shelf,
  defaultSort = "newest",
  hiddenFields = {},
  className,
}: {
  /** The shelf applied now, as the loader normalised it. */
  shelf: ProductShelf;
  /** The order the list has without `sort` ('newest'), or null for the search's relevance. */
  defaultSort?: ProductSort | null;
  /** Other query parameters to keep, e.g. { q, department, tab }. */
  hiddenFields?: Record<string, string | undefined>;
  className?: string;
}) {
  const id = useId();
  const submit = useSubmit();
  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    const data = new FormData(form);
    // '' means "none": `?minPrice=&maxPrice=` would only lengthen the link someone shares.
    for (const [name, value] of [...data.entries()]) if (value === "") data.delete(name);
    submit(data, {
      method: "get",
      action: form.getAttribute("action") ?? undefined,
      preventScrollReset: true,
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  // The default order is the empty choice, so its URL carries no ?sort=.
  const sorts = PRODUCT_SORTS.filter((sort) => sort !== defaultSort);
  const key = `${shelf.sort ?? ""}:${shelf.minPrice ?? ""}:${shelf.maxPrice ?? ""}:${shelf.available ?? ""}`;

  return (
    <Form
      key={key}
      method="get"
      // '.': this page's path without its query, which the form's fields replace anyway; the
      // default would write the URL's own query (a kept page would carry someone's fbclid).
      action="."
      preventScrollReset
      className={cn("flex flex-wrap items-end gap-3", className)}
      role="search"
      aria-label="Ordenar y filtrar productos"
      onSubmit={onSubmit}
    >
      {Object.entries(hiddenFields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="flex min-w-48 flex-col gap-1">
        <Label htmlFor={`${id}-sort`}>Ordenar por</Label>
        <NativeSelect
          id={`${id}-sort`}
          name="sort"
          defaultValue={shelf.sort ?? ""}
          onChange={(event) => apply(event.currentTarget.form)}
        >
          <option value="">
            {defaultSort ? PRODUCT_SORT_LABELS[defaultSort] : "Más relevantes"}
          </option>
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {PRODUCT_SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fieldset className="flex items-end gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Precio (US$)</legend>
        <label className="flex w-24 flex-col gap-1 text-xs text-stone-600">
          Desde
          <Input
            name="minPrice"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="0"
            defaultValue={shelf.minPrice ?? ""}
          />
        </label>
        <label className="flex w-24 flex-col gap-1 text-xs text-stone-600">
          Hasta
          <Input
            name="maxPrice"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="Sin límite"
            defaultValue={shelf.maxPrice ?? ""}
          />
        </label>
      </fieldset>
      <div className="flex min-h-10 items-center gap-2">
        <input
          id={`${id}-available`}
          type="checkbox"
          name="available"
          value="1"
          defaultChecked={shelf.available === true}
          onChange={(event) => apply(event.currentTarget.form)}
          className="size-5 accent-brand-700"
        />
        <Label htmlFor={`${id}-available`}>Solo disponibles</Label>
      </div>
      <Button type="submit" variant="outline">
        Aplicar
      </Button>
    </Form>
  );
}
