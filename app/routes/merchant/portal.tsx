import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import { PortalDashboard } from "../../components/merchant-portal/portal-dashboard";
import { useMerchantMe } from "../../lib/merchant-api";
import { routeErrorBoundary } from "../../components/route-error-boundary";
import { pageTitle } from "../../lib/seo";
import type { Route } from "./+types/portal";

/** Server-side gate: without a merchant session the portal is never rendered, only redirected. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  if (user?.role !== "merchant") throw redirect("/merchant/login");
  return null;
}

/** Switching tabs or merchants only changes the query string: nothing to ask the server again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Portal de comercio") },
  { name: "robots", content: "noindex, nofollow" },
];

function AccessMessage({ text }: { text: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
      <p role="status" className="flex items-center gap-3 text-stone-700">
        <span
          aria-hidden
          className="size-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none"
        />
        {text}
      </p>
    </main>
  );
}

/**
 * /merchant (issue 11): the portal of the merchants the signed-in e-mail manages. Without
 * a merchant session GET /api/merchant/me answers 401 and the page goes to /merchant/login.
 */
export default function MerchantPortal() {
  const me = useMerchantMe();
  const navigate = useNavigate();
  const unauthorised = me.isError;

  useEffect(() => {
    if (unauthorised) void navigate("/merchant/login", { replace: true });
  }, [unauthorised, navigate]);

  if (me.isPending) return <AccessMessage text="Verificando acceso..." />;
  if (unauthorised) return <AccessMessage text="Redirigiendo al acceso para comercios..." />;
  return <PortalDashboard me={me.data} />;
}

export const ErrorBoundary = routeErrorBoundary({
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar el portal de tu comercio. Intenta de nuevo en un momento.",
  },
  link: { to: "/merchant/login", label: "Volver al acceso para comercios" },
});
