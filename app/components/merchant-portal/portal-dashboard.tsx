import { useQueryClient } from "@tanstack/react-query";
import {
  BarChart3,
  MessageSquare,
  Package,
  ShoppingBag,
  Store,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useRef, type ComponentType } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type MerchantMeDto, useMerchantLogout } from "../../lib/merchant-api";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { OrdersTab } from "./orders-tab";
import { PortalHeader } from "./portal-header";
import { PortalProviders } from "./portal-providers";
import { ProductsTab } from "./products-tab";
import { ProfileTab } from "./profile-tab";
import { ReviewsTab } from "./reviews-tab";
import { StatsTab } from "./stats-tab";

interface PortalTab {
  value: string;
  label: string;
  icon: LucideIcon;
  Content: ComponentType<{ merchantId: number }>;
}

/** Issue 11: the portal's five tabs, 'Mi comercio' first and by default. */
export const PORTAL_TABS: readonly PortalTab[] = [
  { value: "comercio", label: "Mi comercio", icon: Store, Content: ProfileTab },
  { value: "productos", label: "Productos", icon: Package, Content: ProductsTab },
  { value: "pedidos", label: "Pedidos", icon: ShoppingBag, Content: OrdersTab },
  { value: "resenas", label: "Reseñas", icon: MessageSquare, Content: ReviewsTab },
  { value: "resumen", label: "Resumen", icon: BarChart3, Content: StatsTab },
];

const DEFAULT_TAB = "comercio";

export function portalTabFromSearch(value: string | null): string {
  return PORTAL_TABS.some((tab) => tab.value === value) ? (value as string) : DEFAULT_TAB;
}

/** The merchant in ?comercio= when this e-mail manages it, else its first one. */
export function chosenMerchant(me: MerchantMeDto, value: string | null) {
  return me.merchants.find((m) => String(m.id) === value) ?? me.merchants[0];
}

/** The signed-in portal: header with the merchant switcher, and the tabs of one merchant. */
export function PortalDashboard({ me }: { me: MerchantMeDto }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMerchantLogout();
  const tab = portalTabFromSearch(searchParams.get("tab"));
  const merchant = chosenMerchant(me, searchParams.get("comercio"));
  const tabListRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = tabListRef.current?.querySelector<HTMLElement>('[data-state="active"]');
    active?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tab]);

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

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // To the sign-in page even if the sign-out call failed.
    }
    await navigate("/merchant/login", { replace: true });
    queryClient.clear();
  };

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
          <Tabs
            value={tab}
            onValueChange={(value) => setParam("tab", value === DEFAULT_TAB ? null : value)}
          >
            <TabsList ref={tabListRef} aria-label="Secciones del portal" className="justify-start">
              {PORTAL_TABS.map(({ value, label, icon: Icon }) => (
                <TabsTrigger key={value} value={value}>
                  <Icon aria-hidden className="size-4" />
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            {PORTAL_TABS.map(({ value, Content }) => (
              <TabsContent key={value} value={value} className="pt-2">
                {/* A new merchant starts from fresh forms, never the previous one's edits. */}
                <PortalProviders key={merchant.id} merchantId={merchant.id}>
                  <Content merchantId={merchant.id} />
                </PortalProviders>
              </TabsContent>
            ))}
          </Tabs>
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
