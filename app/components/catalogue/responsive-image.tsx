import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../ui/cn";

// The widths the upload service stores besides the original (server/modules/uploads/images.ts).
const UPLOAD_WIDTHS = [400, 800];
const UPLOAD_NAME = /^(\/uploads\/.+-)(\d+)\.webp$/;

/**
 * `srcset` of an uploaded picture: '/uploads/…/<id>-1200.webp' also exists at 400 and 800
 * wide (the service stores each smaller width only when the original is wider).
 */
export function uploadSrcSet(src: string): string | undefined {
  const match = UPLOAD_NAME.exec(src);
  if (!match) return undefined;
  const largest = Number(match[2]);
  const widths = [...UPLOAD_WIDTHS.filter((w) => w < largest), largest];
  if (widths.length < 2) return undefined;
  return widths.map((w) => `${match[1]}${w}.webp ${w}w`).join(", ");
}

export function placeholderSrc(width: number, height: number): string {
  const side = (n: number) => Math.min(Math.max(Math.round(n), 1), 2000);
  return `/api/placeholder/${side(width)}/${side(height)}`;
}

type Stage = "image" | "fallback" | "icon";

export interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size: reserves the space (no layout shift) and sizes the placeholder. */
  width: number;
  height: number;
  /** `sizes` for the srcset of uploaded pictures, e.g. "(min-width: 768px) 25vw, 50vw". */
  sizes?: string;
  /** The first big picture of a page: loaded eagerly with high priority. */
  priority?: boolean;
  /** Shown when src is missing or fails; the grey placeholder of that size by default. */
  fallbackSrc?: string;
  className?: string;
}

/**
 * An <img> that never shifts the layout and never shows a broken picture: on error it
 * switches to the fallback, and if that fails too, to an icon.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes = "100vw",
  priority = false,
  fallbackSrc,
  className,
}: ResponsiveImageProps) {
  const fallback = fallbackSrc ?? placeholderSrc(width, height);
  const [stage, setStage] = useState<Stage>(src ? "image" : "fallback");
  const imgRef = useRef<HTMLImageElement>(null);

  // A new picture (e.g. another product in the same component) starts over.
  const [lastSrc, setLastSrc] = useState(src);
  if (lastSrc !== src) {
    setLastSrc(src);
    setStage(src ? "image" : "fallback");
  }

  const fail = () => setStage((s) => (s === "image" ? "fallback" : "icon"));

  // An error that happened before hydration fired no React handler: look at the element.
  useEffect(() => {
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc !== "") fail();
  }, []);

  if (stage === "icon") {
    return (
      <div
        role="img"
        aria-label={alt}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={cn("flex items-center justify-center bg-stone-200 text-stone-500", className)}
      >
        <ImageOff aria-hidden className="size-1/4 max-h-12 max-w-12" />
      </div>
    );
  }

  const current = stage === "image" && src ? src : fallback;
  const srcSet = stage === "image" && src ? uploadSrcSet(src) : undefined;
  return (
    <img
      ref={imgRef}
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      onError={fail}
      className={cn("bg-stone-100 object-cover", className)}
    />
  );
}
