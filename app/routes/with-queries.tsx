import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { useTabQueryClient } from "../lib/query-client";

/**
 * The pages that read or change data in the browser with TanStack Query (cart, checkout,
 * orders, a product's or merchant's reviews and cart button, the forms, admin and portal) sit
 * under this pathless layout, so only they load the library (issue 27); the other public
 * pages' first load goes without it.
 */
export default function WithQueries() {
  const client = useTabQueryClient();
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
