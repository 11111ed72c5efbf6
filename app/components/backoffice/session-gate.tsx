import { type ReactNode, useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import type { UserDto } from "../../../shared/api-types";

/**
 * The server-side gate of a signed-in area (the admin panel, the merchant portal): without
 * a session of `role` the page is never rendered, only redirected to `login`. Another
 * role's session is a session too, but not for this area.
 */
export function requireRole(role: UserDto["role"], login: string) {
  return async ({ context }: { context: { currentUser(): Promise<UserDto | null> } }) => {
    const user = await context.currentUser();
    if (user?.role !== role) throw redirect(login);
    return null;
  };
}

/** Switching tabs only changes the query string: no need to ask the server again. */
export function revalidateOnPathChange({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

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
 * Spec §4 'Admin access', for every signed-in area: 'Verificando acceso...' while the
 * browser asks who is signed in, then the area, or `redirecting` on the way to `login`.
 */
export function SessionGate<T>({
  pending,
  user,
  login,
  redirecting,
  children,
}: {
  pending: boolean;
  /** Who is signed in once known; null or undefined: nobody with access. */
  user: T | null | undefined;
  login: string;
  redirecting: string;
  children: (user: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const unauthorised = !pending && (user === null || user === undefined);

  useEffect(() => {
    if (unauthorised) void navigate(login, { replace: true });
  }, [unauthorised, navigate, login]);

  if (pending) return <AccessMessage text="Verificando acceso..." />;
  if (user === null || user === undefined) return <AccessMessage text={redirecting} />;
  return children(user);
}
