import { CheckCircle2, Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, type MetaDescriptor } from "react-router";
import { ORDER_LOOKUP_MESSAGE } from "../../../shared/order-life";
import { fieldA11y, FormField } from "../../components/forms/form-field";
import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { ApiError, errorCode } from "../../lib/api";
import { lookupOrder, TOO_MANY_ATTEMPTS } from "../../lib/checkout-api";
import { pageTitle } from "../../lib/seo";
import { useAsyncAction } from "../../lib/use-async-action";
import { useHydrated } from "../../lib/use-hydrated";
import { useLazyValidation } from "../../lib/validate-lazily";
import type { Route } from "./+types/order-lookup";

/** The fields' rules, the API's own schema: downloaded on the form's first focus (issue 27). */
const loadLookupSchema = () =>
  import("../../../shared/schemas/order-life").then((module) => module.orderLookupSchema);

export function meta(_: Route.MetaArgs): MetaDescriptor[] {
  // Personal, like the order page: never indexed, never in the sitemap, never cached.
  return [
    { title: pageTitle("Buscar mi pedido") },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** What the shopper reads when the lookup could not be sent. */
function lookupErrorMessage(error: unknown): string {
  if (errorCode(error) === "rate_limited") return TOO_MANY_ATTEMPTS;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return "No pudimos enviar tu búsqueda. Revisa tu conexión e intenta de nuevo.";
}

/**
 * 'Buscar mi pedido' (issue 25): the order number and the e-mail it was placed with. The
 * answer is the same whether or not they match (it never tells who ordered what): when they
 * do, the order page's link goes to that e-mail.
 */
export function OrderLookupForm() {
  const id = useId();
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const validation = useLazyValidation(loadLookupSchema);
  const lookup = useAsyncAction(lookupOrder, {
    onSuccess: (answer) => setSent(answer?.message || ORDER_LOOKUP_MESSAGE),
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const issue of error.body?.errors ?? []) {
          if (issue.path === "orderNumber" || issue.path === "email") {
            validation.setErrors((errors) => ({ ...errors, [issue.path]: issue.message }));
          }
        }
      }
      setFormError(lookupErrorMessage(error));
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = await validation.validate(event.currentTarget).catch((error: unknown) => {
      // The schema's file could not be downloaded: most likely the connection is lost.
      setFormError(lookupErrorMessage(error));
      return undefined;
    });
    if (!body) return;
    setSent(null);
    setFormError(null);
    await lookup.run(body);
  };

  const orderNumberError = validation.errors.orderNumber;
  const emailError = validation.errors.email;
  return (
    <form
      noValidate
      aria-label="Buscar mi pedido"
      className="flex flex-col gap-4"
      onFocus={validation.prefetch}
      onChange={validation.revalidate}
      onSubmit={submit}
    >
      <FormField
        id={`${id}-orderNumber`}
        label="Número de pedido"
        required
        error={orderNumberError}
        hint="Ej.: ES-2026-000123"
      >
        <Input
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          {...fieldA11y(`${id}-orderNumber`, orderNumberError, true, true)}
          name="orderNumber"
        />
      </FormField>
      <FormField
        id={`${id}-email`}
        label="Correo electrónico"
        required
        error={emailError}
        hint="El que escribiste al hacer el pedido."
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          {...fieldA11y(`${id}-email`, emailError, true, true)}
          name="email"
        />
      </FormField>
      <div aria-live="polite">
        {sent && (
          <p
            className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
            data-testid="lookup-sent"
          >
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            {sent}
          </p>
        )}
      </div>
      {formError && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="lookup-error"
        >
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!hydrated || lookup.isPending}>
        <Search aria-hidden />
        {lookup.isPending ? "Buscando..." : "Buscar mi pedido"}
      </Button>
    </form>
  );
}

export default function OrderLookup() {
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:px-6 lg:py-10">
      <h1 className="mb-2 text-2xl font-bold text-stone-900 sm:text-3xl">Buscar mi pedido</h1>
      <p className="mb-6 text-stone-700">
        ¿Perdiste el enlace de tu pedido o lo hiciste en otro teléfono? Escribe su número y el
        correo con el que lo hiciste: si coinciden, recibirás en ese correo el enlace de tu pedido.
      </p>
      <Card className="p-4 sm:p-6">
        <OrderLookupForm />
      </Card>
      <Link to="/orders" className="mt-6 inline-block font-medium text-brand-700 underline">
        Ver mis pedidos
      </Link>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  other: {
    title: "Algo salió mal",
    text: "No pudimos abrir la búsqueda de pedidos. Intenta de nuevo en un momento.",
  },
  link: { to: "/orders", label: "Ver mis pedidos" },
});
