import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { useTabQueryClient } from "../lib/query-client";

/**
 * The back office (admin, the merchant's portal) sits under this pathless layout: its lists and
 * forms share TanStack Query's cache, and only these pages load the library (issue 27). The
 * public pages go without it (docs/decisions/0028): their requests use
 * lib/use-async-action.ts, and this tab's cart is lib/cart-store.ts.
 */
export default function WithQueries() {
  const client = useTabQueryClient();
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
