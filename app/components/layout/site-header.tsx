import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useFavorites } from "../../lib/favorites";
import { useCartCount } from "../../lib/cart-store";
import { SearchBox } from "../search/search-box";
import { ServerLink, SiteLink } from "./site-link";
import { buttonVariants } from "../ui/button";
import { cn } from "../ui/cn";
import { staticIcon } from "../ui/static-icons";
import { countLabel } from "../../../shared/plural";

/** Tiangue's mark (the favicon's basket), drawn inline so it costs no request. */
export function TiangueLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={className}>
      <rect width="64" height="64" rx="14" fill="#1d3aab" />
      <path d="M14 26h36l-3 24H17z" fill="#f4be2b" />
      <path
        d="M22 26c0-6 4-11 10-11s10 5 10 11"
        stroke="#fff"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

// Class names worked out once, not on every render (issue 13).
const NAV_LINK =
  "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-stone-100 hover:text-brand-700";
const NAV_LINK_ACTIVE = cn(NAV_LINK, "text-brand-700");
const NAV_LINK_INACTIVE = cn(NAV_LINK, "text-stone-800");
const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  isActive ? NAV_LINK_ACTIVE : NAV_LINK_INACTIVE;
const MENU_CLASSES =
  "order-last w-full flex-col gap-3 md:order-none md:flex md:w-auto md:flex-1 md:flex-row md:items-center md:gap-4";
const MENU_OPEN = cn(MENU_CLASSES, "flex");
const MENU_CLOSED = cn(MENU_CLASSES, "hidden");
const REGISTER_CLASSES = cn(buttonVariants({ variant: "default" }), "md:ml-auto");

/** React Router's <NavLink> (not `end`), as its active test reads on the server's location. */
function isActivePath(pathname: string, to: string) {
  const path = pathname.toLowerCase();
  return path === to || (path.startsWith(to) && path.charAt(to.length) === "/");
}

/**
 * 'Comercios' and 'Productos': <NavLink> in the browser; on the server the <a> it renders for
 * `pathname` (aria-current and the active colour), without its hooks.
 */
function MainNavLink({
  to,
  pathname,
  children,
}: {
  to: string;
  pathname: string;
  children: string;
}) {
  if (!import.meta.env.SSR) {
    return (
      <NavLink to={to} className={navLinkClasses}>
        {children}
      </NavLink>
    );
  }
  const isActive = isActivePath(pathname, to);
  return (
    <ServerLink
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={navLinkClasses({ isActive })}
    >
      {children}
    </ServerLink>
  );
}

/** The server has no cart (it lives in the browser): 0, without a query observer per page. */
const useHeaderCartCount = import.meta.env.SSR ? () => 0 : useCartCount;

const MENU_ID = "site-menu";

// Built once: the header is on every page (ui/static-icons.ts).
const RECEIPT_ICON = staticIcon("receipt", "size-5");
const HEART_ICON = staticIcon("heart", "size-5");
const CART_ICON = staticIcon("shopping-cart", "size-5");
const CLOSE_ICON = staticIcon("x", "size-6");
const MENU_ICON = staticIcon("menu", "size-6");

/**
 * The shared header (spec §2): logo, 'Comercios', 'Productos', the search box,
 * 'Registrar Comercio' and the cart with its item count. Below md the search box and
 * the menu sit behind a toggle; without JavaScript they are simply shown.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const cartCount = useHeaderCartCount();
  const favoriteCount = useFavorites()?.length ?? 0;
  const searchQuery =
    location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";

  // A followed link (or a search) closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* Without JavaScript the toggle can't work: show the menu and hide the toggle. */}
      <noscript>
        <style>{`#${MENU_ID}{display:flex!important}.js-only{display:none!important}`}</style>
      </noscript>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 md:flex-nowrap md:gap-x-4">
        <SiteLink
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-brand-800"
        >
          <TiangueLogo className="size-8" />
          Tiangue
        </SiteLink>

        <div id={MENU_ID} className={menuOpen ? MENU_OPEN : MENU_CLOSED}>
          <nav aria-label="Principal" className="flex flex-col md:order-first md:flex-row">
            <MainNavLink to="/merchants" pathname={location.pathname}>
              Comercios
            </MainNavLink>
            <MainNavLink to="/products" pathname={location.pathname}>
              Productos
            </MainNavLink>
          </nav>
          <SearchBox
            key={searchQuery}
            defaultValue={searchQuery}
            className="order-first md:order-none md:max-w-xl md:flex-1"
          />
          <SiteLink to="/register-merchant" className={REGISTER_CLASSES}>
            Registrar Comercio
          </SiteLink>
        </div>

        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <SiteLink
            to="/orders"
            aria-label="Mis pedidos"
            title="Mis pedidos"
            className="inline-flex size-10 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 hover:text-brand-700"
          >
            {RECEIPT_ICON}
          </SiteLink>
          <SiteLink
            to="/favorites"
            aria-label={favoriteCount > 0 ? `Favoritos: ${favoriteCount}` : "Favoritos"}
            title="Favoritos"
            className="relative inline-flex size-10 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 hover:text-brand-700"
          >
            {HEART_ICON}
            {favoriteCount > 0 && (
              <span
                aria-hidden
                data-testid="favorites-count"
                className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-maiz-400 px-1 text-xs leading-5 font-bold text-stone-900"
              >
                {favoriteCount > 99 ? "99+" : favoriteCount}
              </span>
            )}
          </SiteLink>
          <SiteLink
            to="/cart"
            aria-label={
              cartCount > 0
                ? `Carrito: ${countLabel(cartCount, "producto", "productos")}`
                : "Carrito"
            }
            className="relative inline-flex size-10 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 hover:text-brand-700"
          >
            {CART_ICON}
            {cartCount > 0 && (
              <span
                aria-hidden
                className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-maiz-400 px-1 text-xs leading-5 font-bold text-stone-900"
              >
                {cartCount > 99 ? "99+" : cartCount}
              </span>
            )}
          </SiteLink>
          <button
            type="button"
            className="js-only inline-flex size-10 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? "Cerrar menú" : "Abrir menú y búsqueda"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? CLOSE_ICON : MENU_ICON}
          </button>
        </div>
      </div>
    </header>
  );
}
