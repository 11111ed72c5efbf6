import type { ComponentProps, MouseEvent } from "react";
import { cn } from "./cn";

/** A form label; like Radix Label (without its JavaScript): double clicks don't select its text. */
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    <label
      className={cn("text-sm font-medium text-stone-800", className)}
      onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
        // Clicks on a control inside the label keep their own behaviour.
        if ((event.target as Element).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
