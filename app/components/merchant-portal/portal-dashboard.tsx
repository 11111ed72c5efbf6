import {
  Banknote,
  BarChart3,
  Bell,
  MessageSquare,
  Package,
  ShoppingBag,
  Store,
} from "lucide-react";
import type { ComponentType } from "react";
import { useSearchParams } from "react-router";
import { countLabel } from "../../../shared/plural";
import { type MerchantMeDto, useMerchantLogout } from "../../lib/merchant-api";
import { type DashboardTab, DashboardTabs, useSignOut } from "../backoffice/dashboard-tabs";
import { NoticesTab } from "./notices-tab";
import { OrdersTab } from "./orders-tab";
import { PayoutsTab } from "./payouts-tab";
import { PortalHeader } from "./portal-header";
import { PortalProviders } from "./portal-providers";
import { ProductsTab } from "./products-tab";
import { ProfileTab } from "./profile-tab";
import { ReviewsTab } from "./reviews-tab";
import { StatsTab } from "./stats-tab";
import { useLiveOrders } from "./use-live-orders";

/** What each tab is given: its merchant, and the order a notice opened (?pedido=). */
interface PortalTabProps {
  merchantId: number;
  orderId?: number;
}

interface PortalTab extends DashboardTab {
  Content: ComponentType<PortalTabProps>;
}

/**
 * Issue 11: the portal's tabs, 'Mi comercio' first and by default; issue 25 adds
 * 'Liquidaciones', issue 35 'Avisos' (where the merchant hears of its orders).
 */
export const PORTAL_TABS: readonly PortalTab[] = [
  { value: "comercio", label: "Mi comercio", icon: Store, Content: ProfileTab },
  { value: "productos", label: "Productos", icon: Package, Content: ProductsTab },
  { value: "pedidos", label: "Pedidos", icon: ShoppingBag, Content: OrdersTab },
  { value: "liquidaciones", label: "Liquidaciones", icon: Banknote, Content: PayoutsTab },
  { value: "resenas", label: "Reseñas", icon: MessageSquare, Content: ReviewsTab },
  { value: "resumen", label: "Resumen", icon: BarChart3, Content: StatsTab },
  { value: "avisos", label: "Avisos", icon: Bell, Content: NoticesTab },
];

const ORDERS_TAB = "pedidos";

const DEFAULT_TAB = "comercio";

export function portalTabFromSearch(value: string | null): string {
  return PORTAL_TABS.some((tab) => tab.value === value) ? (value as string) : DEFAULT_TAB;
}

/** The merchant in ?comercio= when this e-mail manages it, else its first one. */
export function chosenMerchant(me: MerchantMeDto, value: string | null) {
  return me.merchants.find((m) => String(m.id) === value) ?? me.merchants[0];
}

/** ?pedido=<orderId>: digits only, else nothing to show. */
export function orderIdFromSearch(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** The 'Pedidos' tab's count of new orders not seen yet. */
function NewOrdersBadge({ count }: { count: number }) {
  return (
    <span className="rounded-full bg-maiz-400 px-1.5 text-xs font-semibold text-stone-900">
      <span aria-hidden>{count}</span>
      <span className="sr-only">, {countLabel(count, "pedido nuevo", "pedidos nuevos")}</span>
    </span>
  );
}

/** The signed-in portal: header with the merchant switcher, and the tabs of one merchant. */
export function PortalDashboard({ me }: { me: MerchantMeDto }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const logout = useMerchantLogout();
  const signOut = useSignOut(logout, "/merchant/login");
  const tab = portalTabFromSearch(searchParams.get("tab"));
  const merchant = chosenMerchant(me, searchParams.get("comercio"));
  const orderId = orderIdFromSearch(searchParams.get("pedido"));
  // Open while the portal is: the count, title and sound follow from any tab.
  const unseen = useLiveOrders(merchant?.id ?? null, tab === ORDERS_TAB);

  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="min-h-screen bg-stone-50">
      <PortalHeader
        me={me}
        merchantId={merchant?.id}
        onSwitch={(id) => setParam("comercio", String(id))}
        onLogout={() => void signOut()}
        loggingOut={logout.isPending}
      />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {merchant ? (
          <DashboardTabs
            tabs={PORTAL_TABS}
            value={tab}
            onValueChange={(value) => setParam("tab", value === DEFAULT_TAB ? null : value)}
            label="Secciones del portal"
            badge={({ value }) =>
              value === ORDERS_TAB && unseen > 0 && <NewOrdersBadge count={unseen} />
            }
          >
            {({ Content }) => (
              // A new merchant starts from fresh forms, never the previous one's edits.
              <PortalProviders key={merchant.id} merchantId={merchant.id}>
                <Content merchantId={merchant.id} orderId={orderId} />
              </PortalProviders>
            )}
          </DashboardTabs>
        ) : (
          <p
            role="status"
            className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700"
          >
            Tu correo no administra ningún comercio aprobado en este momento.
          </p>
        )}
      </main>
    </div>
  );
}
