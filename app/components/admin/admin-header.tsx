import { LogOut, Plus } from "lucide-react";
import type { UserDto } from "../../../shared/api-types";
import { DashboardHeader } from "../backoffice/dashboard-header";
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
    <DashboardHeader title="Panel de Administración" subtitle={`Hola, ${greetingName(user)}`}>
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
    </DashboardHeader>
  );
}
