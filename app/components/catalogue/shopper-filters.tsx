import { useEffect, useId, useState } from "react";
import { Form, useSubmit } from "react-router";
import { rememberZone } from "../../lib/shopper-filter";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Label } from "../ui/label";
import { Input } from "../ui/input";
import { PlaceSuggestions } from "../forms/place-suggestions";

/**
 * 'Abierto ahora' and 'Entrega en mi zona' (issues 12 and 36) on /merchants, a category's
 * merchants and /search: a GET form, so it works without JavaScript (with its button); the
 * zone field suggests municipalities and districts as the shopper types (a datalist, the
 * browser's own). With JavaScript it applies once a suggested place is chosen (or on Enter)
 * and remembers the zone in a cookie the server reads, so the next visit's first render is
 * already filtered.
 */
export function ShopperFilters({
  open,
  zone,
  hiddenFields = {},
  className,
}: {
  open?: string;
  /** The zone's label (a municipality or a district). */
  zone?: string;
  /** Other query parameters to keep, e.g. { q, department }. */
  hiddenFields?: Record<string, string | undefined>;
  className?: string;
}) {
  const openId = useId();
  const zoneId = useId();
  const suggestionsId = useId();
  const submit = useSubmit();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    rememberZone(new FormData(form).get("zone")?.toString().trim() ?? "");
    submit(form, { preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      // This page's path without its query (page-key.ts: a kept page holds no URL's own).
      action="."
      preventScrollReset
      className={cn("flex flex-wrap items-end gap-3", className)}
      role="search"
      aria-label="Filtrar por horario y zona"
      onSubmit={(event) =>
        rememberZone(new FormData(event.currentTarget).get("zone")?.toString().trim() ?? "")
      }
    >
      {Object.entries(hiddenFields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="flex min-w-56 flex-1 flex-col gap-1 sm:w-72 sm:flex-none">
        <Label htmlFor={zoneId}>Entrega en mi zona</Label>
        {/*
         * The button that applies the filters without JavaScript shares the list's line, which
         * is as tall with it as without it: its leaving at hydration moves nothing below.
         */}
        <div className="flex gap-2">
          <Input
            key={zone ?? ""}
            id={zoneId}
            name="zone"
            type="search"
            list={suggestionsId}
            defaultValue={zone ?? ""}
            placeholder="Municipio o distrito, ej: Soyapango"
            autoComplete="off"
            onInput={(event) => {
              // A suggestion picked from the list (or a field emptied) applies at once.
              const input = event.currentTarget;
              const picked = [...(input.list?.options ?? [])].some((o) => o.value === input.value);
              if (picked || input.value === "") apply(input.form);
            }}
            className="min-w-0 flex-1"
          />
          <PlaceSuggestions id={suggestionsId} />
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
