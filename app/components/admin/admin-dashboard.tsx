import {
  Banknote,
  Bell,
  FolderTree,
  Inbox,
  MessageSquare,
  Package,
  ShieldCheck,
  ShoppingBag,
  Store,
} from "lucide-react";
import { useEffect, useState, type ComponentType } from "react";
import { useSearchParams } from "react-router";
import type { UserDto } from "../../../shared/api-types";
import { ADMIN_TAB_PAGE_SIZE } from "../../../shared/limits";
import { useLogout } from "../../lib/admin-api";
import { usePendingMerchants } from "../../lib/admin-merchants-api";
import { type DashboardTab, DashboardTabs, useSignOut } from "../backoffice/dashboard-tabs";
import { AdminHeader } from "./admin-header";
import { CategoriesTab } from "./categories-tab";
import { MerchantsTab } from "./merchants-tab";
import { NoticesTab } from "./notices-tab";
import { OrdersTab } from "./orders-tab";
import { PayoutsTab } from "./payouts-tab";
import { PendingTab } from "./pending-tab";
import { PersonalDataTab } from "./personal-data-tab";
import { ProductsTab } from "./products-tab";
import { RegisterMerchantDialog } from "./register-merchant-dialog";
import { ReviewsTab } from "./reviews-tab";

interface TabDefinition extends DashboardTab {
  Content: ComponentType;
}

/**
 * Spec §2: six tabs, 'pending' first and by default; then issue 25's 'Liquidaciones' and
 * issue 35's 'Avisos' (every notice of every channel; it replaced 'Correos') and issue 37's
 * 'Datos personales' (a person's data exported or erased on request).
 */
export const ADMIN_TABS: readonly TabDefinition[] = [
  { value: "pending", label: "Solicitudes pendientes", icon: Inbox, Content: PendingTab },
  { value: "merchants", label: "Comercios", icon: Store, Content: MerchantsTab },
  { value: "categories", label: "Categorías", icon: FolderTree, Content: CategoriesTab },
  { value: "orders", label: "Pedidos", icon: ShoppingBag, Content: OrdersTab },
  { value: "products", label: "Productos", icon: Package, Content: ProductsTab },
  { value: "reviews", label: "Reseñas", icon: MessageSquare, Content: ReviewsTab },
  { value: "payouts", label: "Liquidaciones", icon: Banknote, Content: PayoutsTab },
  { value: "notices", label: "Avisos", icon: Bell, Content: NoticesTab },
  {
    value: "personal-data",
    label: "Datos personales",
    icon: ShieldCheck,
    Content: PersonalDataTab,
  },
];

const DEFAULT_TAB = "pending";

/** Tabs renamed since: an old link or bookmark (?tab=emails) opens their successor. */
const RENAMED_TABS: Readonly<Record<string, string>> = { emails: "notices" };

export function tabFromSearch(value: string | null): string {
  return ADMIN_TABS.some((tab) => tab.value === value) ? (value as string) : DEFAULT_TAB;
}

/** The signed-in panel: header and the tabs; the active tab lives in ?tab= so a reload keeps it. */
export function AdminDashboard({ user }: { user: UserDto }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The pending tab's first page (one request when it is open): its total is the badge.
  const pending = usePendingMerchants({ limit: ADMIN_TAB_PAGE_SIZE, offset: 0 });
  const logout = useLogout();
  const signOut = useSignOut(logout, "/admin/login");
  const [registering, setRegistering] = useState(false);
  const asked = searchParams.get("tab");
  const renamed = asked !== null && Object.hasOwn(RENAMED_TABS, asked) ? RENAMED_TABS[asked] : null;
  const tab = tabFromSearch(renamed ?? asked);
  useEffect(() => {
    if (renamed) setSearchParams({ tab: renamed }, { replace: true, preventScrollReset: true });
  }, [renamed, setSearchParams]);

  return (
    <div className="min-h-screen bg-stone-50">
      <AdminHeader
        user={user}
        pendingCount={pending.data?.total}
        onRegister={() => setRegistering(true)}
        onLogout={() => void signOut()}
        loggingOut={logout.isPending}
      />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <DashboardTabs
          tabs={ADMIN_TABS}
          value={tab}
          onValueChange={(value) =>
            setSearchParams(value === DEFAULT_TAB ? {} : { tab: value }, {
              replace: true,
              preventScrollReset: true,
            })
          }
          label="Secciones del panel"
          badge={({ value }) =>
            value === "pending" &&
            pending.data &&
            pending.data.total > 0 && (
              <span className="rounded-full bg-maiz-400 px-1.5 text-xs font-semibold text-stone-900">
                {pending.data.total}
              </span>
            )
          }
        >
          {({ Content }) => <Content />}
        </DashboardTabs>
      </main>
      <RegisterMerchantDialog open={registering} onOpenChange={setRegistering} />
    </div>
  );
}
