import { PortalDashboard } from "../../components/merchant-portal/portal-dashboard";
import {
  requireRole,
  revalidateOnPathChange,
  SessionGate,
} from "../../components/backoffice/session-gate";
import { useMerchantMe } from "../../lib/merchant-api";
import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { pageTitle } from "../../lib/seo";
import type { Route } from "./+types/portal";

/** Server-side gate: without a merchant session the portal is never rendered, only redirected. */
export const loader = requireRole("merchant", "/merchant/login");

/** Switching tabs or merchants only changes the query string: nothing to ask the server again. */
export const shouldRevalidate = revalidateOnPathChange;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Portal de comercio") },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * /merchant (issue 11): the portal of the merchants the signed-in e-mail manages. Without
 * a merchant session GET /api/merchant/me answers 401 and the page goes to /merchant/login.
 */
export default function MerchantPortal() {
  const me = useMerchantMe();
  return (
    <SessionGate
      pending={me.isPending}
      user={me.isError ? null : me.data}
      login="/merchant/login"
      redirecting="Redirigiendo al acceso para comercios..."
    >
      {(data) => <PortalDashboard me={data} />}
    </SessionGate>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar el portal de tu comercio. Intenta de nuevo en un momento.",
  },
  link: { to: "/merchant/login", label: "Volver al acceso para comercios" },
});
