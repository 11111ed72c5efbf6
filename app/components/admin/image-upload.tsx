import { ImagePlus, Trash2 } from "lucide-react";
import { useContext, useEffect, useId, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import {
  FORMAT_MESSAGE,
  type ImageKind,
  isImageFile,
  isTooLarge,
  limitMb,
  TOO_LARGE_TITLE,
  toastUploadFailure,
  tooLargeMessage,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_FAILED_TITLE,
  UploadEndpointContext,
  UploadError,
  uploadImage,
} from "../../lib/upload";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Label } from "../ui/label";
import { ImageDropZone } from "./image-drop-zone";
import { ImageFileInput } from "./image-file-input";
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
  const endpoint = useContext(UploadEndpointContext);
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const mb = limitMb(kind);
  const uploading = progress !== null;

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  async function handleFile(file: File | undefined) {
    if (!file || uploading) return;
    if (!isImageFile(file)) return toastUploadFailure(UPLOAD_FAILED_TITLE, FORMAT_MESSAGE);
    if (isTooLarge(file, mb)) return toastUploadFailure(TOO_LARGE_TITLE, tooLargeMessage(mb));
    setProgress(0);
    onUploadingChange?.(true);
    setLocalPreview(typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null);
    try {
      const { url } = await uploadImage(file, kind, { onProgress: setProgress, endpoint });
      onChange(url);
      toast({ title: "Imagen subida exitosamente" });
    } catch (error) {
      if (error instanceof UploadError) toastUploadFailure(error.title, error.description);
      else toastUploadFailure(UPLOAD_FAILED_TITLE, UPLOAD_FAILED_MESSAGE);
    } finally {
      setProgress(null);
      setLocalPreview(null);
      onUploadingChange?.(false);
    }
  }

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
        <ImageDropZone
          prompt="Arrastra una imagen aquí o"
          hint={`PNG, JPG, GIF o WebP · máximo ${mb}MB`}
          hintId={`${id}-hint`}
          disabled={disabled}
          onFiles={(files) => void handleFile(files[0])}
        >
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
        </ImageDropZone>
        <ImageFileInput
          ref={inputRef}
          id={`${id}-file`}
          describedBy={`${id}-hint`}
          disabled={disabled || uploading}
          onFiles={(files) => void handleFile(files[0])}
        />
      </div>
    </div>
  );
}
