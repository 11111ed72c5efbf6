import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A grey pulsing block standing in for content that is loading. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      className={cn("animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
