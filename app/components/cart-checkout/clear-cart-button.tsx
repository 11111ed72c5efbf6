import { Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../ui/button";

/** The dialog's trigger, also shown (disabled) while the dialog's code is on its way. */
export function ClearCartButton({
  disabled,
  ...props
}: { disabled: boolean } & ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" disabled={disabled} className="text-red-700" {...props}>
      <Trash2 aria-hidden />
      Vaciar carrito
    </Button>
  );
}
