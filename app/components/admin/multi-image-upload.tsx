import { ImagePlus, X } from "lucide-react";
import { useContext, useId, useRef, useState } from "react";
import { PRODUCT_IMAGES_MAX } from "../../../shared/limits";
import { toast } from "../../lib/toast";
import {
  type ImageKind,
  isImageFile,
  isTooLarge,
  limitMb,
  TOO_LARGE_TITLE,
  toastUploadFailure,
  UploadEndpointContext,
  uploadImage,
} from "../../lib/upload";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { ImageDropZone } from "./image-drop-zone";
import { ImageFileInput } from "./image-file-input";
import { UploadProgress } from "./upload-progress";

export interface MultiImageUploadProps {
  label: string;
  /** URLs of the images so far, in order (the first is the main one). */
  value: string[];
  onChange: (urls: string[]) => void;
  kind?: ImageKind;
  max?: number;
  disabled?: boolean;
  onUploadingChange?: (uploading: boolean) => void;
}

/** Several images (spec §5): at most `max`, each checked for type and size before upload. */
export function MultiImageUpload({
  label,
  value,
  onChange,
  kind = "productImage",
  max = PRODUCT_IMAGES_MAX,
  disabled = false,
  onUploadingChange,
}: MultiImageUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const endpoint = useContext(UploadEndpointContext);
  // The latest list, for uploads that finish after the person removed an image.
  const valueRef = useRef(value);
  valueRef.current = value;
  const [progress, setProgress] = useState<number[] | null>(null);
  const [skipped, setSkipped] = useState<string[]>([]);
  const mb = limitMb(kind);
  const uploading = progress !== null;
  const room = max - value.length;

  async function handleFiles(list: File[]) {
    if (uploading || list.length === 0) return;
    const images = list.filter(isImageFile);
    if (images.length === 0) {
      return toastUploadFailure(
        "No hay imágenes válidas",
        "Selecciona archivos PNG, JPG, GIF o WebP",
      );
    }
    if (value.length + images.length > max) {
      return toastUploadFailure(
        "Demasiadas imágenes",
        `Solo puedes subir un máximo de ${max} imágenes`,
      );
    }
    const tooLarge = images.filter((file) => isTooLarge(file, mb));
    const valid = images.filter((file) => !isTooLarge(file, mb));
    const skippedMessages = tooLarge.map((file) => `${file.name} es mayor a ${mb}MB`);
    setSkipped(skippedMessages);
    if (skippedMessages.length > 0) toastUploadFailure(TOO_LARGE_TITLE, skippedMessages.join(". "));
    if (valid.length === 0) return;

    setProgress(valid.map(() => 0));
    onUploadingChange?.(true);
    const results = await Promise.allSettled(
      valid.map((file, index) =>
        uploadImage(file, kind, {
          endpoint,
          onProgress: (fraction) =>
            setProgress((current) =>
              current ? current.map((p, i) => (i === index ? fraction : p)) : current,
            ),
        }),
      ),
    );
    setProgress(null);
    onUploadingChange?.(false);

    const urls = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.url] : []));
    if (urls.length > 0) onChange([...valueRef.current, ...urls].slice(0, max));
    if (urls.length < valid.length) {
      toastUploadFailure("Error al subir imágenes", "Algunas imágenes no se pudieron subir");
    } else {
      // The skipped files stay listed above, so the success toast may replace their warning.
      toast({
        title: "Imagen subida exitosamente",
        description: `${urls.length} imagen(es) subida(s) y optimizada(s)`,
      });
    }
  }

  const overall = progress ? progress.reduce((a, b) => a + b, 0) / progress.length : 0;
  return (
    <div>
      <Label htmlFor={`${id}-files`}>{label}</Label>
      <div className="mt-1 grid gap-2">
        {value.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Imágenes seleccionadas">
            {value.map((url, index) => (
              <li
                key={`${url}-${index}`}
                className="relative size-24 overflow-hidden rounded-md border border-stone-200 bg-stone-100"
              >
                <img
                  src={url}
                  alt={`Imagen ${index + 1}`}
                  width={96}
                  height={96}
                  className="size-full object-cover"
                />
                {index === 0 && (
                  <span className="absolute bottom-1 left-1 rounded bg-black/70 px-1 text-[10px] text-white">
                    Principal
                  </span>
                )}
                <button
                  type="button"
                  aria-label={`Quitar imagen ${index + 1}`}
                  disabled={disabled || uploading}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-stone-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {uploading && <UploadProgress fraction={overall} label="Subiendo imágenes" />}
        {skipped.length > 0 && (
          <ul role="status" aria-label="Imágenes omitidas" className="text-sm text-red-700">
            {skipped.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        {room > 0 && (
          <ImageDropZone
            prompt="Arrastra imágenes aquí o"
            hint={`Hasta ${max} imágenes (quedan ${room}) · PNG, JPG, GIF o WebP · máximo ${mb}MB cada una`}
            hintId={`${id}-hint`}
            disabled={disabled}
            onFiles={(files) => void handleFiles(files)}
          >
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || uploading}
              onClick={() => inputRef.current?.click()}
            >
              <ImagePlus aria-hidden />
              Elegir imágenes
            </Button>
          </ImageDropZone>
        )}
        <ImageFileInput
          ref={inputRef}
          id={`${id}-files`}
          multiple
          describedBy={room > 0 ? `${id}-hint` : undefined}
          disabled={disabled || uploading || room <= 0}
          onFiles={(files) => void handleFiles(files)}
        />
      </div>
    </div>
  );
}
