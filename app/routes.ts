import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Every URL of the product and the file that serves it (spec §2, decisions §4). */
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("categories", "routes/public/categories.tsx"),
    route("categories/:categorySlug", "routes/public/category-detail.tsx"),
    route("merchants", "routes/public/merchants.tsx"),
    route("products", "routes/public/products.tsx"),
    route("search", "routes/public/search.tsx"),
    route("favorites", "routes/public/favorites.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("help", "routes/public/help.tsx"),
    route("merchants/:merchantSlug", "routes/public/merchant-detail.tsx"),
    route("products/:productSlug", "routes/public/product-detail.tsx"),
    route("register-merchant", "routes/public/register-merchant.tsx"),
    route("orders", "routes/public/orders.tsx"),
    // Before orders/:orderNumber, where 'buscar' would read as an order number.
    route("orders/buscar", "routes/public/order-lookup.tsx"),
    route("orders/:orderNumber", "routes/public/order-detail.tsx"),
    route("cart", "routes/public/cart.tsx"),
    route("checkout", "routes/public/checkout.tsx"),
  ]),
  // Issue 37: an order's printable receipt, outside the layout (nothing but the receipt).
  route("orders/:orderNumber/comprobante", "routes/public/order-receipt.tsx"),
  route("merchant/login", "routes/merchant/login.tsx"),
  // Issue 35: a notice's link to one order, redirected to the portal's 'Pedidos' (no page).
  route("merchant/orders/:merchantId/:orderId", "routes/merchant/order-link.ts"),
  // Only the back office loads TanStack Query (issue 27): the public pages go without it.
  layout("routes/with-queries.tsx", [
    route("admin/login", "routes/admin/login.tsx"),
    route("admin", "routes/admin/panel.tsx"),
    route("merchant", "routes/merchant/portal.tsx"),
  ]),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-part.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
