import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { AdminDashboard } from "../../components/admin/admin-dashboard";
import {
  requireRole,
  revalidateOnPathChange,
  SessionGate,
} from "../../components/backoffice/session-gate";
import { useAuthUser } from "../../lib/admin-api";
import { pageTitle } from "../../lib/seo";
import type { Route } from "./+types/panel";

/** Server-side gate: only an administrator's session sees the panel. */
export const loader = requireRole("admin", "/admin/login");

export const shouldRevalidate = revalidateOnPathChange;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Administración") },
  { name: "robots", content: "noindex, nofollow" },
];

/** Spec §4 'Admin access': checking, then authorised (panel) or unauthorised (to the login). */
export default function AdminPanel() {
  const auth = useAuthUser();
  return (
    <SessionGate
      pending={auth.isPending}
      user={auth.isError ? null : auth.data}
      login="/admin/login"
      redirecting="Redirigiendo al login..."
    >
      {(user) => <AdminDashboard user={user} />}
    </SessionGate>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  link: { to: "/admin", label: "Volver al panel" },
});
