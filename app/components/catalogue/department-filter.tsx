import { useEffect, useId, useState } from "react";
import { Form, useSubmit } from "react-router";
import { DEPARTMENTS } from "../../../shared/el-salvador";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";

/**
 * Filter by department (decisions §4): a GET form, so it works without JavaScript (with
 * its button); with JavaScript it applies as soon as the choice changes. Changing the
 * filter drops the page number, since the old page may not exist any more.
 */
export function DepartmentFilter({
  selected,
  hiddenFields = {},
  className,
}: {
  /** The department applied now ('' or undefined: all). */
  selected?: string;
  /** Other query parameters to keep, e.g. { q: "pupusas" } on the search page. */
  hiddenFields?: Record<string, string | undefined>;
  className?: string;
}) {
  const id = useId();
  const submit = useSubmit();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <Form
      method="get"
      // This page's path without its query (page-key.ts: a kept page holds no URL's own).
      action="."
      preventScrollReset
      className={cn("flex flex-wrap items-end gap-2", className)}
      role="search"
      aria-label="Filtrar por departamento"
    >
      {Object.entries(hiddenFields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="flex min-w-56 flex-1 flex-col gap-1 sm:flex-none">
        <Label htmlFor={id}>Departamento</Label>
        <NativeSelect
          key={selected ?? ""}
          id={id}
          name="department"
          defaultValue={selected ?? ""}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          <option value="">Todos los departamentos</option>
          {DEPARTMENTS.map((d) => (
            <option key={d.name} value={d.name}>
              {d.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {/* Without JavaScript the choice needs a button; with it, the change applies at once. */}
      {!hydrated && (
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
      )}
    </Form>
  );
}
