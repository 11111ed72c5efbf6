import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { Clock, MessageCircle, Store } from "lucide-react";
import type { MetaDescriptor } from "react-router";
import { MerchantRegistrationForm } from "../../components/forms/merchant-registration-form";
import { Card } from "../../components/ui/card";
import { pageMeta, publicUrlOf } from "../../lib/seo";
import type { Route } from "./+types/register-merchant";

export async function loader({ context }: Route.LoaderArgs) {
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
        <MerchantRegistrationForm categories={loaderData.categories} />
      </Card>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
