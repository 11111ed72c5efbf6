import { ImageOff } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { ResponsiveImage } from "./responsive-image";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { staticIcon } from "../ui/static-icons";

const PREVIOUS_ICON = staticIcon("chevron-left");
const NEXT_ICON = staticIcon("chevron-right");

/** The pictures to show: the image list, else the single main image (spec §2). */
export function galleryImages(
  images?: readonly string[] | null,
  mainImage?: string | null,
): string[] {
  const list = (images ?? []).filter((src) => src.trim() !== "");
  if (list.length > 0) return list;
  return mainImage ? [mainImage] : [];
}

export interface ImageGalleryProps {
  images?: readonly string[] | null;
  mainImage?: string | null;
  /** What the pictures show (the product name). */
  alt: string;
  className?: string;
}

const MAIN_SIZES = "(min-width: 1024px) 50vw, 100vw";

/**
 * Product pictures: one plain, several with previous/next that wrap around, an
 * 'n / total' counter, thumbnails and the left/right arrow keys.
 */
export function ImageGallery({ images, mainImage, alt, className }: ImageGalleryProps) {
  const list = galleryImages(images, mainImage);
  const [index, setIndex] = useState(0);
  const total = list.length;
  const current = Math.min(index, Math.max(total - 1, 0));

  if (total === 0) {
    return (
      <div
        className={cn(
          "flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-lg bg-stone-100 text-stone-600",
          className,
        )}
      >
        <ImageOff aria-hidden className="size-12" />
        <p>No hay imágenes disponibles</p>
      </div>
    );
  }

  if (total === 1) {
    return (
      <div className={cn("overflow-hidden rounded-lg bg-stone-100", className)}>
        <ResponsiveImage
          src={list[0]}
          alt={alt}
          width={800}
          height={800}
          sizes={MAIN_SIZES}
          priority
          className="aspect-square w-full"
        />
      </div>
    );
  }

  const show = (next: number) => setIndex(((next % total) + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") show(current - 1);
    else if (event.key === "ArrowRight") show(current + 1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="region"
      aria-roledescription="galería"
      aria-label={`Imágenes de ${alt}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={cn(
        "flex flex-col gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600",
        className,
      )}
    >
      <div className="relative overflow-hidden rounded-lg bg-stone-100">
        <ResponsiveImage
          key={current}
          src={list[current]}
          alt={`${alt} (imagen ${current + 1} de ${total})`}
          width={800}
          height={800}
          sizes={MAIN_SIZES}
          priority
          className="aspect-square w-full"
        />
        <Button
          variant="outline"
          size="icon"
          aria-label="Imagen anterior"
          onClick={() => show(current - 1)}
          className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 shadow"
        >
          {PREVIOUS_ICON}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Imagen siguiente"
          onClick={() => show(current + 1)}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 shadow"
        >
          {NEXT_ICON}
        </Button>
        <p
          aria-live="polite"
          className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2.5 py-0.5 text-sm text-white tabular-nums"
        >
          {current + 1} / {total}
        </p>
      </div>
      <ul className="flex gap-2 overflow-x-auto">
        {list.map((src, i) => (
          <li key={`${i}-${src}`} className="shrink-0">
            <button
              type="button"
              aria-label={`Ver imagen ${i + 1}`}
              aria-current={i === current ? "true" : undefined}
              onClick={() => show(i)}
              className={cn(
                "block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                i === current
                  ? "border-brand-700"
                  : "border-transparent opacity-80 hover:opacity-100",
              )}
            >
              <ResponsiveImage
                src={src}
                alt=""
                width={80}
                height={80}
                sizes="80px"
                className="size-16 sm:size-20"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
