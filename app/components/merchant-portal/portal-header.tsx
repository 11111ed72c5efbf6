import { ExternalLink, LogOut, Store } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { MerchantMeDto } from "../../lib/merchant-api";
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
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-stone-900 sm:text-2xl">Portal de comercio</h1>
            <p className="text-sm break-all text-stone-700">{me.email}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2">
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
        </div>
      </div>
    </header>
  );
}
