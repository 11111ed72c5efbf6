import type { ComponentProps } from "react";
import { fieldClasses } from "./input";
import { cn } from "./cn";
import { staticIcon } from "./static-icons";

const CHEVRON_ICON = staticIcon(
  "chevron-down",
  "pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-600",
);

/** A styled native <select>: works without JavaScript and uses the phone's own picker. */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select className={cn(fieldClasses, "h-10 appearance-none pr-9")} {...props}>
        {children}
      </select>
      {CHEVRON_ICON}
    </div>
  );
}
