import { createContext } from "react";
import type { ApiErrorBody } from "../../shared/api-types";
import { IMAGE_LIMITS_MB } from "../../shared/limits";
import { ApiError, errorCode } from "./api";
import { toast } from "./toast";

/** Upload kinds the server knows, each with its size limit (spec §9). */
export type ImageKind = Exclude<keyof typeof IMAGE_LIMITS_MB, "default">;

export interface UploadedImage {
  url: string;
  variants?: { width: number; url: string }[];
}

const BYTES_PER_MB = 1024 * 1024;

export const UPLOAD_FAILED_TITLE = "Error al subir imagen";
export const UPLOAD_FAILED_MESSAGE = "No se pudo subir la imagen. Intenta de nuevo.";
export const TOO_LARGE_TITLE = "Archivo muy grande";
export const FORMAT_MESSAGE = "Solo se aceptan imágenes PNG, JPG, GIF o WebP";

export const tooLargeMessage = (mb: number) => `El archivo no puede ser mayor a ${mb}MB`;

/**
 * Where the image inputs send files: the admin's route by default; the merchant portal
 * provides /api/merchant/{id}/images so the same inputs upload for a merchant.
 */
export const UploadEndpointContext = createContext("/api/upload/image");

/** What the file pickers offer: the formats the server accepts, then any image. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,image/*";

/** A refused file or a failed upload, told in a destructive toast. */
export function toastUploadFailure(title: string, description: string) {
  toast({ title, description, variant: "destructive" });
}

export function limitMb(kind: ImageKind): number {
  return IMAGE_LIMITS_MB[kind];
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}

/** Checked before sending, so a big photo on mobile data isn't uploaded just to be refused. */
export function isTooLarge(file: File, mb: number): boolean {
  return file.size > mb * BYTES_PER_MB;
}

/** A failed upload, with the toast's title and description already in Spanish. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly description: string,
  ) {
    super(`${status}: ${description}`);
    this.name = "UploadError";
  }
}

function errorBody(xhr: XMLHttpRequest): Partial<ApiErrorBody> {
  try {
    return (JSON.parse(xhr.responseText) as ApiErrorBody) ?? {};
  } catch {
    return {};
  }
}

function toUploadError(xhr: XMLHttpRequest, mb: number): UploadError {
  const body = errorBody(xhr);
  const message = body.message || undefined;
  // By the answer's code (a proxy's 413 has no body: its status stands in for the code).
  switch (errorCode(new ApiError(xhr.status, message ?? "", body as ApiErrorBody))) {
    case "too_large":
      return new UploadError(xhr.status, TOO_LARGE_TITLE, message ?? tooLargeMessage(mb));
    case "unsupported_type":
      return new UploadError(xhr.status, UPLOAD_FAILED_TITLE, message ?? FORMAT_MESSAGE);
    default:
      return new UploadError(xhr.status, UPLOAD_FAILED_TITLE, UPLOAD_FAILED_MESSAGE);
  }
}

/**
 * POST /api/upload/image with the file in the `image` field. XMLHttpRequest rather than
 * fetch because only it reports upload progress; the session cookie goes along.
 */
export function uploadImage(
  file: File,
  kind: ImageKind,
  options: {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    /** The upload route (UploadEndpointContext); the admin's by default. */
    endpoint?: string;
  } = {},
): Promise<UploadedImage> {
  const mb = limitMb(kind);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const endpoint = options.endpoint ?? "/api/upload/image";
    xhr.open("POST", `${endpoint}?kind=${encodeURIComponent(kind)}`);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as UploadedImage;
          if (typeof body.url === "string") {
            options.onProgress?.(1);
            resolve(body);
            return;
          }
        } catch {
          // fall through: an answer without a url is a failure
        }
        reject(new UploadError(xhr.status, UPLOAD_FAILED_TITLE, UPLOAD_FAILED_MESSAGE));
        return;
      }
      reject(toUploadError(xhr, mb));
    };
    xhr.onerror = () => reject(new UploadError(0, UPLOAD_FAILED_TITLE, UPLOAD_FAILED_MESSAGE));
    xhr.onabort = () => reject(new UploadError(0, UPLOAD_FAILED_TITLE, UPLOAD_FAILED_MESSAGE));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("image", file, file.name);
    xhr.send(form);
  });
}
