import {
  Heart,
  PackageSearch,
  Receipt,
  SearchX,
  ShoppingCart,
  Store,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "../ui/button";
import { cn } from "../ui/cn";

export type EmptyStateKind = "products" | "cart" | "search" | "merchants" | "orders" | "favorites";

interface EmptyStateDefaults {
  icon: LucideIcon;
  title: string;
  description: string;
  action: { label: string; to: string };
}

/** Spec §2: each empty state has a default title, description and action link. */
export const EMPTY_STATES: Record<EmptyStateKind, EmptyStateDefaults> = {
  products: {
    icon: PackageSearch,
    title: "No hay productos disponibles",
    description:
      "Todavía no hay productos para mostrar aquí. Vuelve pronto o explora los comercios.",
    action: { label: "Explorar comercios", to: "/merchants" },
  },
  cart: {
    icon: ShoppingCart,
    title: "Tu carrito está vacío",
    description: "Agrega productos de los comercios locales y haz tu pedido cuando estés listo.",
    action: { label: "Ver productos", to: "/products" },
  },
  search: {
    icon: SearchX,
    title: "Sin resultados",
    description:
      "No encontramos lo que buscas. Prueba con otras palabras o explora las categorías.",
    action: { label: "Ver categorías", to: "/categories" },
  },
  merchants: {
    icon: Store,
    title: "No hay comercios disponibles",
    description: "Aún no hay comercios en esta sección. ¿Tienes un negocio? Regístralo en Tiangue.",
    action: { label: "Registrar comercio", to: "/register-merchant" },
  },
  orders: {
    icon: Receipt,
    title: "No tienes pedidos",
    description: "Cuando hagas un pedido en Tiangue, lo verás aquí.",
    action: { label: "Explorar productos", to: "/products" },
  },
  favorites: {
    icon: Heart,
    title: "Aún no tienes favoritos",
    description:
      "Toca el corazón de un comercio o producto para guardarlo aquí. Se guarda en este navegador, sin cuenta.",
    action: { label: "Explorar comercios", to: "/merchants" },
  },
};

export interface EmptyStateProps {
  kind: EmptyStateKind;
  title?: string;
  description?: ReactNode;
  /** Replaces the default action; null hides it. */
  action?: { label: string; to: string } | null;
  /** Heading level of the title (h2 by default). */
  headingLevel?: "h1" | "h2" | "h3";
  className?: string;
}

export function EmptyState({
  kind,
  title,
  description,
  action,
  headingLevel = "h2",
  className,
}: EmptyStateProps) {
  const defaults = EMPTY_STATES[kind];
  const Icon = defaults.icon;
  const Heading = headingLevel;
  const link = action === undefined ? defaults.action : action;
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-lg border border-dashed border-stone-300 bg-white px-6 py-12 text-center",
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden className="size-7" />
      </span>
      <Heading className="mt-4 text-lg font-semibold text-stone-900">
        {title ?? defaults.title}
      </Heading>
      <p className="mt-1 max-w-md text-stone-600">{description ?? defaults.description}</p>
      {link && (
        <Link to={link.to} className={cn(buttonVariants({ variant: "default" }), "mt-6")}>
          {link.label}
        </Link>
      )}
    </div>
  );
}
