import type { ComponentProps } from "react";
import { cn } from "./cn";

export const fieldClasses =
  "w-full rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-stone-100 aria-[invalid=true]:border-red-700 read-only:bg-stone-50 sm:text-sm";

/** Text input; set aria-invalid="true" to draw the error border. */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, "h-10", className)} {...props} />;
}
