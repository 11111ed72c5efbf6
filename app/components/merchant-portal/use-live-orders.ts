import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { invalidateLists } from "../../lib/back-office-api";
import { portalUrl } from "../../lib/merchant-api";
import { playOrderBeep } from "../../lib/order-sound";
import { pageTitle } from "../../lib/seo";
import { useOrderEvents } from "../../lib/use-order-events";

/** Whether the merchant is looking at the orders now: their tab shown, this window in front. */
function looking(onOrdersTab: boolean): boolean {
  return onOrdersTab && document.visibilityState === "visible" && document.hasFocus();
}

/**
 * The portal following its orders live (issue 35), while it is open: each event reads the
 * merchant's order lists again (the open one at once, the others when shown), a new order
 * beeps when the sound is on, and the new orders not seen yet are counted, for the
 * 'Pedidos' tab's badge and the page title '(2) Pedidos'. The count goes back to 0 when the
 * merchant opens 'Pedidos', or comes back to this window while it is open.
 */
export function useLiveOrders(merchantId: number | null, onOrdersTab: boolean): number {
  const queryClient = useQueryClient();
  // Counted per merchant: switching to another starts from none.
  const [count, setCount] = useState({ merchantId, unseen: 0 });
  const unseen = count.merchantId === merchantId ? count.unseen : 0;
  const onTab = useRef(onOrdersTab);
  useEffect(() => {
    onTab.current = onOrdersTab;
  });

  useOrderEvents(merchantId, (event) => {
    if (merchantId === null) return;
    // Orders, the ledger ('Liquidaciones') and 'Resumen' all change with an order.
    void invalidateLists(queryClient, [
      portalUrl(merchantId, "/orders"),
      portalUrl(merchantId, "/payouts"),
      portalUrl(merchantId, "/stats"),
    ]);
    if (event.type !== "created") return;
    playOrderBeep();
    if (looking(onTab.current)) return;
    setCount((previous) => ({
      merchantId,
      unseen: (previous.merchantId === merchantId ? previous.unseen : 0) + 1,
    }));
  });

  const seen = () =>
    setCount((previous) => (previous.unseen === 0 ? previous : { merchantId, unseen: 0 }));
  const seenRef = useRef(seen);
  useEffect(() => {
    seenRef.current = seen;
  });

  // Opening 'Pedidos' shows the new orders.
  useEffect(() => {
    if (onOrdersTab) seenRef.current();
  }, [onOrdersTab, merchantId]);

  // Coming back to this window (another app, another browser tab) with 'Pedidos' open.
  useEffect(() => {
    const back = () => {
      if (onTab.current && document.visibilityState === "visible") seenRef.current();
    };
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    return () => {
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", back);
    };
  }, []);

  useEffect(() => {
    if (unseen === 0) return;
    const previous = document.title;
    document.title = pageTitle(`(${unseen}) Pedidos`);
    return () => {
      document.title = previous;
    };
  }, [unseen]);

  return unseen;
}
