import type { ReactNode } from "react";
import { cn } from "./cn";

/** The message under a field; give it an id and point the input's aria-describedby at it. */
export function FieldError({
  id,
  children,
  className,
}: {
  id?: string;
  children?: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn("mt-1 text-sm text-red-700", className)}>
      {children}
    </p>
  );
}
