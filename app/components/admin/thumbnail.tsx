import { useState } from "react";
import { cn } from "../ui/cn";

const FALLBACK = "/api/placeholder/64/64";

/** A small square picture that falls back to the placeholder when it fails to load. */
export function Thumbnail({
  src,
  alt = "",
  size = 56,
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? FALLBACK : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      style={{ width: size, height: size }}
      className={cn(
        "shrink-0 rounded-md border border-stone-200 bg-stone-100 object-cover",
        className,
      )}
    />
  );
}
