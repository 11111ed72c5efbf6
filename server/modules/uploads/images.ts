import type { Metadata, OutputInfo } from "sharp";
import {
  SHARE_IMAGE_MAX_BYTES,
  SHARE_IMAGE_SHAPES,
  type ShareImageShape,
} from "../../../shared/share-image";
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

/** sharp (libvips, native) loads on first use, not at start, so a restart answers sooner. */
export async function loadSharp() {
  return (await import("sharp")).default;
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

export interface EncodedShareImage {
  shape: ShareImageShape;
  data: Buffer;
}

/**
 * Re-encodes an uploaded image as WebP in a few widths, smallest first: rotated
 * upright by its EXIF orientation, converted to sRGB, every metadata block dropped
 * (sharp writes none unless asked), longest side capped at MAX_IMAGE_SIDE.
 */
export async function encodeImageVariants(input: Buffer): Promise<EncodedVariant[]> {
  return (await encodeUpload(input, [])).variants;
}

/** The WebP widths and, from the same decoded pixels, the link-preview JPEGs of `shapes`. */
export async function encodeUpload(
  input: Buffer,
  shapes: readonly ShareImageShape[],
): Promise<{ variants: EncodedVariant[]; shareImages: EncodedShareImage[] }> {
  return withSlot(async () => {
    const master = await decode(input);
    const [variants, shareImages] = await Promise.all([
      encodeWebpWidths(master),
      Promise.all(shapes.map(async (shape) => ({ shape, data: await shareJpeg(master, shape) }))),
    ]);
    return { variants, shareImages };
  });
}

/**
 * The link-preview JPEG of a picture already stored (our own WebP), for pictures uploaded
 * before previews were made at upload time; it waits for a slot like an upload.
 */
export async function encodeShareImage(
  storedWebp: Buffer,
  shape: ShareImageShape,
): Promise<Buffer> {
  return withSlot(async () => {
    const sharp = await loadSharp();
    const master = await sharp(storedWebp, sharpOptions)
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return shareJpeg(master, shape);
  });
}

/** Decoding a large photo can take ~150 MB: at most two at a time, the rest wait their turn. */
const MAX_PARALLEL = 2;
let running = 0;
const queue: (() => void)[] = [];

export async function withSlot<T>(task: () => Promise<T>): Promise<T> {
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

/** Decoded sRGB pixels and their size, as sharp's `.raw().toBuffer({ resolveWithObject })` gives them. */
export type RawImage = { data: Buffer; info: OutputInfo };

async function decode(input: Buffer): Promise<RawImage> {
  const format = detectImageFormat(input);
  if (!format) throw AppError.unsupportedType(MESSAGES.format);

  const sharp = await loadSharp();
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
  try {
    return await sharp(input, sharpOptions)
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
}

const rawOf = ({ info }: RawImage) => ({
  raw: { width: info.width, height: info.height, channels: info.channels },
});

async function encodeWebpWidths(master: RawImage): Promise<EncodedVariant[]> {
  const sharp = await loadSharp();
  const { width: fullWidth } = master.info;
  const widths = [...RESPONSIVE_WIDTHS.filter((w) => w < fullWidth), fullWidth];
  return Promise.all(
    widths.map(async (targetWidth) => {
      const { data, info } = await sharp(master.data, rawOf(master))
        .resize({ width: targetWidth })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }),
  );
}

/** Tried in turn until the JPEG fits SHARE_IMAGE_MAX_BYTES; a photo fits at the first. */
const SHARE_JPEG_QUALITIES = [82, 70, 58, 45, 32] as const;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
/** The logo's box on its 1200×630 background: large, with a margin a round crop won't cut. */
const LOGO_BOX = 420;

/**
 * A preview JPEG of a fixed shape (shared/share-image.ts): cover-cropped from the centre, or
 * for a logo, the logo whole on white. Transparent parts become white, not black.
 */
export async function shareJpeg(master: RawImage, shape: ShareImageShape): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = SHARE_IMAGE_SHAPES[shape];
  let pixels: RawImage;
  if (shape === "logo") {
    const logo = await sharp(master.data, rawOf(master))
      .resize({ width: LOGO_BOX, height: LOGO_BOX, fit: "contain", background: WHITE })
      .flatten({ background: WHITE })
      .png({ compressionLevel: 1 })
      .toBuffer();
    pixels = await sharp({ create: { width, height, channels: 3, background: WHITE } })
      .composite([{ input: logo, gravity: "centre" }])
      .raw()
      .toBuffer({ resolveWithObject: true });
  } else {
    pixels = await sharp(master.data, rawOf(master))
      .resize({ width, height, fit: "cover", position: "centre" })
      .flatten({ background: WHITE })
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  let data = Buffer.alloc(0);
  for (const quality of SHARE_JPEG_QUALITIES) {
    data = await sharp(pixels.data, rawOf(pixels)).jpeg({ quality }).toBuffer();
    if (data.length <= SHARE_IMAGE_MAX_BYTES) return data;
  }
  // Only noise gets here: a softer picture always fits.
  return sharp(pixels.data, rawOf(pixels))
    .blur(1.5)
    .jpeg({ quality: SHARE_JPEG_QUALITIES.at(-1) })
    .toBuffer();
}
