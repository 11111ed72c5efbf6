import { useState } from "react";
import { Link } from "react-router";
import { addToCart } from "../../lib/add-to-cart";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { staticIcon } from "../ui/static-icons";

const CART_ICON = staticIcon("shopping-cart");

/** Adds one unit of a product to this browser's cart, then offers a link to the cart. */
export function AddToCartButton({
  productId,
  className,
}: {
  productId: number;
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
    onError: () => {
      toast({
        title: "Error",
        description: "No se pudo agregar el producto al carrito. Inténtalo de nuevo.",
        variant: "destructive",
      });
    },
  });
  return (
    <div className={cn("flex flex-wrap items-center gap-3", className)}>
      <Button
        size="lg"
        disabled={add.isPending}
        onClick={() => void add.run({ productId, quantity: 1 })}
      >
        {CART_ICON}
        {add.isPending ? "Agregando..." : "Agregar al carrito"}
      </Button>
      {/* The toast holds text only, so the way to the cart appears here. */}
      {added && (
        <Link to="/cart" className="font-medium text-brand-700 underline hover:text-brand-800">
          Ver carrito
        </Link>
      )}
    </div>
  );
}
