import sharp, { type Metadata, type OutputInfo } from "sharp";
import { AppError } from "../../errors";

/** The only formats we take (decisions §2), recognised by their first bytes. */
export type ImageFormat = "png" | "jpeg" | "gif" | "webp";

/** Longest side of a stored image; bigger uploads are scaled down, never up. */
export const MAX_IMAGE_SIDE = 1600;
/** Smaller widths made for responsive images (`srcset`), when the image is wider. */
export const RESPONSIVE_WIDTHS = [400, 800] as const;
/** A decompression bomb guard: 40 megapixels is more than any phone camera. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const WEBP_QUALITY = 78;

export const MESSAGES = {
  noImage: "No se recibió ninguna imagen",
  format: "Formato no permitido: usa PNG, JPG, GIF o WebP",
  damaged: "La imagen está dañada o no se puede leer",
  pixels: "La imagen es demasiado grande: máximo 40 megapíxeles",
  tooLarge: (mb: number) => `El archivo no puede ser mayor a ${mb}MB`,
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format by magic number, or null: names and declared types are never trusted. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

export interface EncodedVariant {
  width: number;
  height: number;
  data: Buffer;
}

const sharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // A truncated file is refused instead of being stored half grey.
  failOn: "truncated",
  // Animated GIF/WebP keep their first frame only: a still photo is what the pages show.
  animated: false,
} as const;

/** sharp's errors never reach a client: too many pixels is a 413, the rest a damaged file. */
function decodeError(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return AppError.tooLarge(MESSAGES.pixels);
  }
  return AppError.badRequest(MESSAGES.damaged);
}

/**
 * Re-encodes an uploaded image as WebP in a few widths, smallest first: rotated
 * upright by its EXIF orientation, converted to sRGB, every metadata block dropped
 * (sharp writes none unless asked), longest side capped at MAX_IMAGE_SIDE.
 */
export async function encodeImageVariants(input: Buffer): Promise<EncodedVariant[]> {
  return withSlot(() => encode(input));
}

/** Decoding a large photo can take ~150 MB: at most two at a time, the rest wait their turn. */
const MAX_PARALLEL = 2;
let running = 0;
const queue: (() => void)[] = [];

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running < MAX_PARALLEL) running++;
  // A finishing task hands its slot straight to the next in line, so no newcomer slips in.
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await task();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

async function encode(input: Buffer): Promise<EncodedVariant[]> {
  const format = detectImageFormat(input);
  if (!format) throw AppError.unsupportedType(MESSAGES.format);

  let metadata: Metadata;
  try {
    metadata = await sharp(input, sharpOptions).metadata();
  } catch (error) {
    throw decodeError(error);
  }
  // sharp's own sniffing must agree with ours, so no other decoder (SVG, TIFF…) ever runs.
  if (metadata.format !== format) throw AppError.unsupportedType(MESSAGES.format);
  const { width, height } = metadata;
  if (!width || !height) throw AppError.badRequest(MESSAGES.damaged);
  if (width * height > MAX_INPUT_PIXELS) throw AppError.tooLarge(MESSAGES.pixels);

  // Decoded once into raw sRGB pixels at the capped size; every width is made from those.
  let master: { data: Buffer; info: OutputInfo };
  try {
    master = await sharp(input, sharpOptions)
      .autoOrient()
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeError(error);
  }

  const { width: fullWidth, height: fullHeight, channels } = master.info;
  const raw = { width: fullWidth, height: fullHeight, channels };
  const widths = [...RESPONSIVE_WIDTHS.filter((w) => w < fullWidth), fullWidth];
  return Promise.all(
    widths.map(async (targetWidth) => {
      const { data, info } = await sharp(master.data, { raw })
        .resize({ width: targetWidth })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }),
  );
}
