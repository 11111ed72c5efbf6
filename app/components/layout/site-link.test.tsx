import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, MemoryRouter, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerLink } from "./site-link";

const PATHS = [
  "/",
  "/products",
  "/products/pan-dulce-2",
  "/merchants/pupuseria-la-ceiba/",
  "/search?q=pan dulce",
  "/merchant/login",
  // Not plain: ServerLink hands them to <Link>, which resolves them.
  "/a/../b",
  "//x",
  "/products#top",
  "relative",
  "https://example.test/x",
];

function both(routerFor: (node: ReactNode) => ReactNode, to: string) {
  const props = { className: "c", "aria-label": "Etiqueta", title: "T", children: "Texto" };
  return [
    renderToStaticMarkup(routerFor(<ServerLink to={to} {...props} />)),
    renderToStaticMarkup(routerFor(<Link to={to} {...props} />)),
  ];
}

describe("ServerLink", () => {
  it.each(PATHS)("renders %s as React Router's <Link> does (static router)", (to) => {
    const [server, link] = both((n) => <StaticRouter location="/products/x">{n}</StaticRouter>, to);
    expect(server).toBe(link);
  });

  it.each(PATHS)("renders %s as React Router's <Link> does (memory router)", (to) => {
    const [server, link] = both(
      (n) => <MemoryRouter initialEntries={["/merchants/y?page=2"]}>{n}</MemoryRouter>,
      to,
    );
    expect(server).toBe(link);
  });

  it("keeps the attributes' order: the <a>'s own, then href and data-discover", () => {
    expect(
      renderToStaticMarkup(
        <StaticRouter location="/">
          <ServerLink to="/orders" aria-label="Mis pedidos" className="x">
            P
          </ServerLink>
        </StaticRouter>,
      ),
    ).toBe('<a aria-label="Mis pedidos" class="x" href="/orders" data-discover="true">P</a>');
  });
});
