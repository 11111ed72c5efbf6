import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { Clock, MessageCircle, Store } from "lucide-react";
import { lazy, Suspense } from "react";
import type { MetaDescriptor } from "react-router";
import type { CategoryDto } from "../../../shared/api-types";
import { FormUnavailable } from "../../components/layout/form-unavailable";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/register-merchant";

export async function loader({ context }: Route.LoaderArgs) {
  serverForm ??= await loadForm();
  return {
    categories: await context.services.categories.list(),
    publicUrl: context.config.publicUrl,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs): MetaDescriptor[] {
  return pageMeta({
    publicUrl: loaderData?.publicUrl || publicUrlOf(matches),
    path: "/register-merchant",
    title: "Registra tu comercio",
    description:
      "Registra gratis tu comercio en Tiangue y llega a más clientes en El Salvador. Revisamos tu solicitud en 1-3 días hábiles.",
  });
}

/*
 * The form's code (react-hook-form and the merchant fields, ~21 KiB) is not needed to paint
 * the page (issue 27: it kept the page over the 140 KiB first-load budget). The server
 * renders the whole form into the HTML: its loader has imported the module before the page
 * renders, so there is never a placeholder to swap. The browser hydrates the rest of the
 * page without it and the form once its chunk has arrived (React's selective hydration of a
 * lazy boundary; the download starts as hydration reaches it). Until then its submit button
 * stays disabled (useHydrated in the form).
 */
const loadForm = () => import("../../components/forms/merchant-registration-form");
// In the browser the download starts as soon as this page's module runs, beside hydration.
if (typeof document !== "undefined") loadForm().catch(() => undefined);
/** The form's module on the server, set by the loader; always undefined in the browser. */
let serverForm: Awaited<ReturnType<typeof loadForm>> | undefined;
const LazyRegistrationForm = lazy(() =>
  loadForm().then(
    (module) => ({ default: module.MerchantRegistrationForm }),
    // A failed download (offline, a new deploy) must not take the whole page down.
    () => ({ default: RegistrationFormUnavailable }),
  ),
);

function RegistrationForm({ categories }: { categories: CategoryDto[] }) {
  const Form = serverForm?.MerchantRegistrationForm ?? LazyRegistrationForm;
  return (
    <Suspense fallback={<RegistrationFormPlaceholder />}>
      <Form categories={categories} />
    </Suspense>
  );
}

const STEPS = [
  { icon: Store, text: "Completa los datos de tu comercio y tu horario." },
  { icon: Clock, text: "Revisamos tu solicitud en 1-3 días hábiles." },
  { icon: MessageCircle, text: "Tus clientes te encuentran y te escriben por WhatsApp." },
];

export default function RegisterMerchant({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:py-10">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Registra tu comercio</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Completa el formulario para aparecer en Tiangue. Un administrador revisará tu solicitud y la
        aprobación toma de 1-3 días hábiles.
      </p>
      <ol className="mt-6 grid gap-3 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, text }, i) => (
          <li
            key={i}
            className="flex items-start gap-3 rounded-lg bg-brand-50 p-3 text-sm text-stone-800"
          >
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {text}
          </li>
        ))}
      </ol>
      <Card className="mt-8 p-4 sm:p-6">
        <RegistrationForm categories={loaderData.categories} />
      </Card>
    </div>
  );
}

/** Seen only when the page is reached by a link: the form's chunk is then on its way. */
function RegistrationFormPlaceholder() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Cargando el formulario…</span>
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
      <Skeleton className="h-28" />
      <Skeleton className="h-10 w-36" />
    </div>
  );
}

function RegistrationFormUnavailable() {
  return <FormUnavailable form="el formulario" />;
}

export const ErrorBoundary = routeErrorBoundary();
