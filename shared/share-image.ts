/**
 * Link-preview pictures (`og:image`). WhatsApp and other chat apps do not reliably show
 * WebP previews, so every uploaded picture gets a JPEG of a fixed shape beside its WebP
 * widths: made once (at upload, or on first request for older pictures) and cached for ever
 * like the rest of /uploads/. The server writes them (server/modules/uploads), the pages
 * link them (app/lib/seo.ts): both read the names from here.
 */

export const SHARE_IMAGE_SHAPES = {
  /** A merchant's banner, cover-cropped to the 1.91:1 of a large preview card. */
  wide: { width: 1200, height: 630 },
  /** A merchant without a banner: its logo centred on a plain background. */
  logo: { width: 1200, height: 630 },
  /** A product's picture, cover-cropped square like the product pages show it. */
  square: { width: 1200, height: 1200 },
} as const;

export type ShareImageShape = keyof typeof SHARE_IMAGE_SHAPES;

/** Chat apps drop bigger previews (WhatsApp: 300 KB); every JPEG stays under this. */
export const SHARE_IMAGE_MAX_BYTES = 300 * 1024;

/**
 * The preview of pages without a picture of their own (1200×630, public/images): the
 * home page's illustration as a JPEG.
 */
export const DEFAULT_SHARE_IMAGE = {
  url: "/images/og-default.jpg",
  width: 1200,
  height: 630,
} as const;

// '/uploads/2026/11/<id>-1600.webp', '/uploads/demo/banner-<slug>-1200.webp': the names the
// upload service and the demo seeder write. Only plain characters: no '..', no query.
const STORED = /^(\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+-\d+)\.webp$/;
const SHARE = /^(\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+-\d+)-og-(wide|logo|square)\.jpg$/;

/** '/uploads/…/<id>-1600.webp' → '/uploads/…/<id>-1600-og-wide.jpg'; null for any other URL. */
export function shareImagePath(storedUrl: string, shape: ShareImageShape): string | null {
  const match = STORED.exec(storedUrl);
  return match ? `${match[1]}-og-${shape}.jpg` : null;
}

/** The stored WebP and the shape a preview JPEG's path is made from, or null. */
export function parseShareImagePath(
  path: string,
): { source: string; shape: ShareImageShape } | null {
  const match = SHARE.exec(path);
  return match ? { source: `${match[1]}.webp`, shape: match[2] as ShareImageShape } : null;
}
