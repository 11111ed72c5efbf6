import { LogOut, Plus, Store } from "lucide-react";
import { Link } from "react-router";
import type { UserDto } from "../../../shared/api-types";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { plural } from "../../../shared/plural";

/** Spec §2: the first name, else the e-mail, else 'Usuario'. */
export function greetingName(
  user: Pick<UserDto, "firstName" | "email"> | null | undefined,
): string {
  return user?.firstName?.trim() || user?.email?.trim() || "Usuario";
}

export interface AdminHeaderProps {
  user: Pick<UserDto, "firstName" | "email"> | null | undefined;
  /** Merchants waiting for approval; undefined while loading. */
  pendingCount?: number;
  onRegister: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
}

/** The panel's header: title, 'Registrar comercio', pending count, greeting and sign-out. */
export function AdminHeader({
  user,
  pendingCount,
  onRegister,
  onLogout,
  loggingOut = false,
}: AdminHeaderProps) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex items-center gap-3">
          <Link
            to="/"
            className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-700 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <Store aria-hidden className="size-5" />
            <span className="sr-only">Ir a Tiangue</span>
          </Link>
          <div>
            <h1 className="text-xl font-bold text-stone-900 sm:text-2xl">
              Panel de Administración
            </h1>
            <p className="text-sm text-stone-700">Hola, {greetingName(user)}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {pendingCount !== undefined && (
            <Badge variant={pendingCount > 0 ? "warning" : "secondary"} className="text-sm">
              {pendingCount} {plural(pendingCount, "solicitud pendiente", "solicitudes pendientes")}
            </Badge>
          )}
          <Button onClick={onRegister}>
            <Plus aria-hidden />
            Registrar comercio
          </Button>
          <Button variant="outline" onClick={onLogout} disabled={loggingOut}>
            <LogOut aria-hidden />
            {loggingOut ? "Cerrando sesión..." : "Cerrar sesión"}
          </Button>
        </div>
      </div>
    </header>
  );
}
