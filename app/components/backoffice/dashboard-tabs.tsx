import { useQueryClient } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";

export interface DashboardTab {
  value: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The tabs of a signed-in area (the admin panel, the merchant portal): icon and label per
 * tab, an optional badge, one content per tab. On a phone the tab row scrolls sideways:
 * the active tab is kept in sight (also after a reload).
 */
export function DashboardTabs<T extends DashboardTab>({
  tabs,
  value,
  onValueChange,
  label,
  badge,
  children,
}: {
  tabs: readonly T[];
  value: string;
  onValueChange: (value: string) => void;
  /** The tab list's accessible name. */
  label: string;
  badge?: (tab: T) => ReactNode;
  children: (tab: T) => ReactNode;
}) {
  const tabListRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = tabListRef.current?.querySelector<HTMLElement>('[data-state="active"]');
    active?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [value]);

  return (
    <Tabs value={value} onValueChange={onValueChange}>
      <TabsList ref={tabListRef} aria-label={label} className="justify-start">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            <tab.icon aria-hidden className="size-4" />
            {tab.label}
            {badge?.(tab)}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className="pt-2">
          {children(tab)}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/**
 * Signing out of a signed-in area: to its login page even if the sign-out call failed
 * (spec §2), and nothing of the session stays in memory once the area is gone.
 */
export function useSignOut(logout: { mutateAsync: () => Promise<unknown> }, login: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // Out anyway: the session ends on the server when it expires.
    }
    await navigate(login, { replace: true });
    queryClient.clear();
  };
}
