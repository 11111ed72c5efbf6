import { ClearCartButton } from "./clear-cart-button";
import { Button } from "../ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog";

export interface ClearCartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cart is busy with another change: the button waits. */
  disabled: boolean;
  clearing: boolean;
  onConfirm: () => void;
}

/** 'Vaciar carrito' and its confirmation (Radix Dialog: loaded by the cart page after paint). */
export function ClearCartDialog({
  open,
  onOpenChange,
  disabled,
  clearing,
  onConfirm,
}: ClearCartDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <ClearCartButton disabled={disabled} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¿Vaciar carrito?</DialogTitle>
          <DialogDescription>
            Se quitarán todos los productos de tu carrito. Esta acción no se puede deshacer.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancelar</Button>
          </DialogClose>
          <Button variant="destructive" disabled={clearing} onClick={onConfirm}>
            {clearing ? "Vaciando..." : "Vaciar carrito"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
