import { ImagePlus, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { toast } from "../../lib/toast";
import {
  FORMAT_MESSAGE,
  type ImageKind,
  isImageFile,
  isTooLarge,
  limitMb,
  TOO_LARGE_TITLE,
  tooLargeMessage,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_FAILED_TITLE,
  UploadError,
  uploadImage,
} from "../../lib/upload";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Label } from "../ui/label";
import { UploadProgress } from "./upload-progress";

export interface ImageUploadProps {
  label: string;
  /** URL of the current image, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Decides the size limit (IMAGE_LIMITS_MB) and the server's checks. */
  kind: ImageKind;
  /** 'square' for logos and icons, 'wide' for banners. */
  shape?: "square" | "wide";
  disabled?: boolean;
  /** Told while a file is going up, so a form can wait before saving. */
  onUploadingChange?: (uploading: boolean) => void;
}

function failed(title: string, description: string) {
  toast({ title, description, variant: "destructive" });
}

/** One image: drop it or choose it, checked for type and size before it is sent, then previewed. */
export function ImageUpload({
  label,
  value,
  onChange,
  kind,
  shape = "wide",
  disabled = false,
  onUploadingChange,
}: ImageUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const mb = limitMb(kind);
  const uploading = progress !== null;

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  async function handleFile(file: File | undefined) {
    if (!file || uploading) return;
    if (!isImageFile(file)) return failed(UPLOAD_FAILED_TITLE, FORMAT_MESSAGE);
    if (isTooLarge(file, mb)) return failed(TOO_LARGE_TITLE, tooLargeMessage(mb));
    setProgress(0);
    onUploadingChange?.(true);
    setLocalPreview(typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null);
    try {
      const { url } = await uploadImage(file, kind, { onProgress: setProgress });
      onChange(url);
      toast({ title: "Imagen subida exitosamente" });
    } catch (error) {
      if (error instanceof UploadError) failed(error.title, error.description);
      else failed(UPLOAD_FAILED_TITLE, UPLOAD_FAILED_MESSAGE);
    } finally {
      setProgress(null);
      setLocalPreview(null);
      onUploadingChange?.(false);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void handleFile(event.dataTransfer.files[0]);
  };

  const preview = localPreview ?? value;
  return (
    <div>
      <Label htmlFor={`${id}-file`}>{label}</Label>
      <div className="mt-1 grid gap-2">
        {preview && (
          <div
            className={cn(
              "relative overflow-hidden rounded-md border border-stone-200 bg-stone-100",
              shape === "square" ? "aspect-square w-32" : "aspect-[16/9] w-full max-w-sm",
            )}
          >
            <img
              src={preview}
              alt={`Vista previa: ${label}`}
              width={shape === "square" ? 128 : 384}
              height={shape === "square" ? 128 : 216}
              className={cn("size-full object-cover", uploading && "opacity-60")}
            />
          </div>
        )}
        {uploading && <UploadProgress fraction={progress} />}
        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-4 text-center text-sm text-stone-700",
            dragging ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-white",
          )}
        >
          <Upload aria-hidden className="size-5 text-stone-600" />
          <p>Arrastra una imagen aquí o</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || uploading}
              onClick={() => inputRef.current?.click()}
            >
              <ImagePlus aria-hidden />
              {value ? "Cambiar imagen" : "Elegir imagen"}
            </Button>
            {value && (
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled || uploading}
                onClick={() => onChange(null)}
              >
                <Trash2 aria-hidden />
                Quitar imagen
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-stone-600">
            PNG, JPG, GIF o WebP · máximo {mb}MB
          </p>
        </div>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/*"
          className="sr-only"
          tabIndex={-1}
          aria-describedby={`${id}-hint`}
          disabled={disabled || uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again still fires a change.
            event.target.value = "";
            void handleFile(file);
          }}
        />
      </div>
    </div>
  );
}
