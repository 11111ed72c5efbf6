import { ExternalLink, LogOut } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { MerchantMeDto } from "../../lib/merchant-api";
import { DashboardHeader } from "../backoffice/dashboard-header";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";

export interface PortalHeaderProps {
  me: MerchantMeDto;
  merchantId: number | undefined;
  onSwitch: (merchantId: number) => void;
  onLogout: () => void;
  loggingOut?: boolean;
}

/** Title, the merchant switcher (when the e-mail manages several), its public page and 'Salir'. */
export function PortalHeader({
  me,
  merchantId,
  onSwitch,
  onLogout,
  loggingOut,
}: PortalHeaderProps) {
  const id = useId();
  const current = me.merchants.find((m) => m.id === merchantId);
  return (
    <DashboardHeader title="Portal de comercio" subtitle={me.email} alignActions="end">
      {me.merchants.length > 1 && (
        <div className="min-w-48">
          <Label htmlFor={`${id}-merchant`}>Comercio</Label>
          <NativeSelect
            id={`${id}-merchant`}
            className="mt-1"
            value={merchantId ?? ""}
            onChange={(event) => onSwitch(Number(event.target.value))}
          >
            {me.merchants.map((merchant) => (
              <option key={merchant.id} value={merchant.id}>
                {merchant.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {current && (
        <Button asChild variant="outline">
          <Link to={`/merchants/${current.slug}`} target="_blank" rel="noopener">
            <ExternalLink aria-hidden />
            Ver mi página
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </Link>
        </Button>
      )}
      <Button variant="outline" onClick={onLogout} disabled={loggingOut}>
        <LogOut aria-hidden />
        {loggingOut ? "Saliendo..." : "Salir"}
      </Button>
    </DashboardHeader>
  );
}
