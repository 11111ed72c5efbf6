import { useEffect, useId, useState } from "react";
import { Form, useSubmit } from "react-router";
import { rememberMunicipality } from "../../lib/shopper-filter";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { MunicipalityOptions } from "../forms/municipality-options";

/**
 * 'Abierto ahora' and 'Entrega a mi municipio' (issue 12) on /merchants, a category's
 * merchants and /search: a GET form, so it works without JavaScript (with its button);
 * with JavaScript it applies at once and remembers the municipality in a cookie the
 * server reads, so the next visit's first render is already filtered.
 */
export function ShopperFilters({
  open,
  municipality,
  hiddenFields = {},
  className,
}: {
  open?: string;
  municipality?: string;
  /** Other query parameters to keep, e.g. { q, department }. */
  hiddenFields?: Record<string, string | undefined>;
  className?: string;
}) {
  const openId = useId();
  const municipalityId = useId();
  const submit = useSubmit();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    rememberMunicipality(new FormData(form).get("municipality")?.toString() ?? "");
    submit(form, { preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      preventScrollReset
      className={cn("flex flex-wrap items-end gap-3", className)}
      role="search"
      aria-label="Filtrar por horario y municipio"
      onSubmit={(event) =>
        rememberMunicipality(
          new FormData(event.currentTarget).get("municipality")?.toString() ?? "",
        )
      }
    >
      {Object.entries(hiddenFields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="flex min-w-56 flex-1 flex-col gap-1 sm:w-72 sm:flex-none">
        <Label htmlFor={municipalityId}>Entrega a mi municipio</Label>
        {/*
         * The button that applies the filters without JavaScript shares the list's line, which
         * is as tall with it as without it: its leaving at hydration moves nothing below.
         */}
        <div className="flex gap-2">
          <NativeSelect
            key={municipality ?? ""}
            id={municipalityId}
            name="municipality"
            defaultValue={municipality ?? ""}
            onChange={(event) => apply(event.currentTarget.form)}
            className="min-w-0 flex-1"
          >
            <option value="">Cualquier municipio</option>
            <MunicipalityOptions />
          </NativeSelect>
          {!hydrated && (
            <Button type="submit" variant="outline">
              Aplicar
            </Button>
          )}
        </div>
      </div>
      <div className="flex min-h-10 items-center gap-2">
        <input
          key={open ?? ""}
          id={openId}
          type="checkbox"
          name="open"
          value="now"
          defaultChecked={open === "now"}
          onChange={(event) => apply(event.currentTarget.form)}
          className="size-5 accent-brand-700"
        />
        <Label htmlFor={openId}>Abierto ahora</Label>
      </div>
    </Form>
  );
}
