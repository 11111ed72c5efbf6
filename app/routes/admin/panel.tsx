import { routeErrorBoundary } from "../../components/route-error-boundary";
import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import { AdminDashboard } from "../../components/admin/admin-dashboard";
import { useAuthUser } from "../../lib/admin-api";
import { pageTitle } from "../../lib/seo";
import type { Route } from "./+types/panel";

/**
 * Server-side gate: without an administrator's session the panel is never rendered, only
 * redirected (a merchant's session is a session too, but not for this panel).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  if (user?.role !== "admin") throw redirect("/admin/login");
  return null;
}

/** Switching tabs only changes ?tab=: no need to ask the server again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Administración") },
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

/** Spec §4 'Admin access': checking, then authorised (panel) or unauthorised (to the login). */
export default function AdminPanel() {
  const auth = useAuthUser();
  const navigate = useNavigate();
  const unauthorised = auth.isError || (auth.isSuccess && !auth.data);

  useEffect(() => {
    if (unauthorised) void navigate("/admin/login", { replace: true });
  }, [unauthorised, navigate]);

  if (auth.isPending) return <AccessMessage text="Verificando acceso..." />;
  if (unauthorised || !auth.data) return <AccessMessage text="Redirigiendo al login..." />;
  return <AdminDashboard user={auth.data} />;
}

export const ErrorBoundary = routeErrorBoundary({
  link: { to: "/admin", label: "Volver al panel" },
});
