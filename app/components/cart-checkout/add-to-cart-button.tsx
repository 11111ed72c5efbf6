import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { addToCart } from "../../lib/add-to-cart";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { staticIcon } from "../ui/static-icons";

const CART_ICON = staticIcon("shopping-cart");

/** Where the form posts without JavaScript: the cart page's action adds the line. */
export const ADD_TO_CART_ACTION = "/cart";

/**
 * Adds one unit of a product (of a product with variants, `variantId`) to this browser's
 * cart, then offers a link to the cart. A form: without JavaScript it posts to the cart's
 * action, its `children` (the variant's picker) included. `unavailable` says 'Agotado' and
 * adds nothing (issue 36); `choose` keeps it disabled until an option is chosen.
 */
export function AddToCartButton({
  productId,
  variantId,
  unavailable = false,
  choose = false,
  children,
  className,
}: {
  productId: number;
  variantId?: number;
  unavailable?: boolean;
  choose?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  const [added, setAdded] = useState(false);
  const add = useAsyncAction(addToCart, {
    onSuccess: () => {
      setAdded(true);
      toast({
        title: "Producto agregado al carrito",
        description: "Puedes verlo en tu carrito.",
      });
    },
    onError: (error: unknown) => {
      // 'Solo quedan 2 de …', 'Este producto está agotado': the server's words when it has them.
      const said =
        error instanceof ApiError && (error.status === 409 || error.status === 400)
          ? error.serverMessage
          : undefined;
      toast({
        title: "Error",
        description: said ?? "No se pudo agregar el producto al carrito. Inténtalo de nuevo.",
        variant: "destructive",
      });
    },
  });
  return (
    <form
      method="post"
      action={ADD_TO_CART_ACTION}
      className={cn("flex flex-col gap-3", className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (unavailable || choose) return;
        void add.run({ productId, quantity: 1, ...(variantId === undefined ? {} : { variantId }) });
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      {variantId !== undefined && <input type="hidden" name="variantId" value={variantId} />}
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={add.isPending || unavailable || choose}>
          {CART_ICON}
          {unavailable ? "Agotado" : add.isPending ? "Agregando..." : "Agregar al carrito"}
        </Button>
        {/* The toast holds text only, so the way to the cart appears here. */}
        {added && (
          <Link to="/cart" className="font-medium text-brand-700 underline hover:text-brand-800">
            Ver carrito
          </Link>
        )}
      </div>
    </form>
  );
}
