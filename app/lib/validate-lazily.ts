import { type FormEvent, useRef, useState } from "react";
import type { z } from "zod";
import { loadOnce } from "./load-once";

/** Each field's first message, by the field's name (its path, dotted when nested). */
export type FieldMessages = Partial<Record<string, string>>;

export type LazyValidation<T> =
  { data: T; errors?: undefined } | { data?: undefined; errors: FieldMessages };

/**
 * Checks `values` with a shared zod schema downloaded only when first needed (issue 27: zod
 * stays out of the page's first load). `loadSchema` is a dynamic import, e.g.
 * `() => import("../../shared/schemas/order-life").then((m) => m.orderLookupSchema)`, called
 * once (see `loaded`). Answers the parsed data or each field's first message, and rejects
 * when the schema's file cannot be downloaded.
 */
export async function validateLazily<S extends z.ZodType>(
  loadSchema: () => Promise<S>,
  values: unknown,
): Promise<LazyValidation<z.output<S>>> {
  const schema = await loaded(loadSchema);
  const result = await schema.safeParseAsync(values);
  if (result.success) return { data: result.data };
  const errors: FieldMessages = {};
  for (const issue of result.error.issues) {
    errors[issue.path.map(String).join(".")] ??= issue.message;
  }
  return { errors };
}

/** Each loader's download, started once (loadOnce): after it, a validation waits for nothing. */
const downloads = new WeakMap<() => Promise<unknown>, () => Promise<unknown>>();

function loaded<T>(load: () => Promise<T>): Promise<T> {
  let download = downloads.get(load) as (() => Promise<T>) | undefined;
  if (!download) {
    download = loadOnce(load);
    downloads.set(load, download);
  }
  return download();
}

/** The form's named fields and what they hold (text inputs: strings). */
function formValues(form: HTMLFormElement): Record<string, FormDataEntryValue> {
  return Object.fromEntries(new FormData(form));
}

/**
 * The validation of a small form of uncontrolled inputs (each with a `name`) by a lazily
 * downloaded schema (validateLazily), with the behaviour react-hook-form gave these forms
 * before: every field's message on submit and the first invalid field focused, then, once
 * submitted, each field's message follows its typing.
 *
 * Wire it as `<form onFocus={v.prefetch} onChange={v.revalidate} onSubmit={…}>`, where
 * onSubmit calls `await v.validate(event.currentTarget)`; show `v.errors[name]` by each field.
 */
export function useLazyValidation<S extends z.ZodType>(loadSchema: () => Promise<S>) {
  const [errors, setErrors] = useState<FieldMessages>({});
  const submitted = useRef(false);

  /** Starts downloading the schema (on the form's first focus), so the submit need not wait. */
  const prefetch = () => {
    loaded(loadSchema).catch(() => {
      // The submit downloads it again and reports the failure.
    });
  };

  /**
   * The parsed values, or undefined once the messages show and the first invalid field has
   * the focus. Rejects when the schema cannot be downloaded (a lost connection).
   */
  const validate = async (form: HTMLFormElement): Promise<z.output<S> | undefined> => {
    submitted.current = true;
    const result = await validateLazily(loadSchema, formValues(form));
    setErrors(result.errors ?? {});
    if (!result.errors) return result.data;
    const firstInvalid = Array.from(form.elements).find((element) => {
      const name = "name" in element ? String(element.name) : "";
      return name !== "" && result.errors[name] !== undefined;
    });
    if (firstInvalid instanceof HTMLElement) firstInvalid.focus();
    return undefined;
  };

  /** A field changed: after the first submit, its message is checked again (others stay). */
  const revalidate = async (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (!submitted.current || typeof name !== "string" || !name) return;
    const result = await validateLazily(loadSchema, formValues(event.currentTarget)).catch(
      () => undefined,
    );
    if (result) setErrors((current) => ({ ...current, [name]: result.errors?.[name] }));
  };

  return { errors, setErrors, prefetch, validate, revalidate };
}
