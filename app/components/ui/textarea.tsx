import type { ComponentProps } from "react";
import { fieldClasses } from "./input";
import { cn } from "./cn";

export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldClasses, "py-2", className)} {...props} />;
}
