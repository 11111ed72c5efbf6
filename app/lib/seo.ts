import type { MetaDescriptor } from "react-router";
import {
  DEFAULT_SHARE_IMAGE,
  SHARE_IMAGE_SHAPES,
  shareImagePath,
  type ShareImageShape,
} from "../../shared/share-image";

export const SITE_NAME = "Tiangue";
export const SITE_TAGLINE = "Comercios locales de El Salvador";
export const DEFAULT_DESCRIPTION =
  "Descubre comercios locales de El Salvador y sus productos: pupuserías, cafés, artesanías, tiendas y más. Contacta directo por WhatsApp o compra en Tiangue.";
/** The picture link previews show when a page has none of its own (1200×630 JPEG). */
export const DEFAULT_OG_IMAGE = DEFAULT_SHARE_IMAGE.url;

/** "Comercios | Tiangue". */
export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/** An absolute URL for canonical links and previews; absolute URLs pass through unchanged. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = publicUrl.replace(/\/$/, "");
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Keeps a description within what search results show (about 160 characters). */
export function truncateDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * The public URL (config.publicUrl) from the loader data of any matched route: the public
 * layout's loader provides it, so meta() functions of child routes can build absolute URLs.
 */
export function publicUrlOf(matches: readonly (unknown | undefined)[]): string {
  for (const match of matches) {
    const data = (match as { loaderData?: unknown } | undefined)?.loaderData;
    if (data && typeof data === "object" && "publicUrl" in data) {
      const value = (data as { publicUrl: unknown }).publicUrl;
      if (typeof value === "string") return value;
    }
  }
  return "";
}

export interface PageMetaInput {
  publicUrl: string;
  /** Path of the canonical URL, with any query string that changes the content. */
  path: string;
  /** Title without the site name; ' | Tiangue' is added. */
  title: string;
  /** Use this whole title instead (the home page). */
  fullTitle?: string;
  description: string;
  /** Path or absolute URL of the page's picture (an uploaded WebP gets its preview JPEG). */
  image?: string;
  /** The preview's shape when `image` is an upload: 'wide' (1200×630) by default. */
  imageShape?: ShareImageShape;
  imageAlt?: string;
  /** Open Graph type: 'website' by default, 'product' for products, 'business.business'. */
  type?: string;
  /** Pages that must not be indexed (e.g. search results, not found). */
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter card tags of a page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = input.fullTitle ?? pageTitle(input.title);
  const description = truncateDescription(input.description);
  const url = absoluteUrl(input.publicUrl, input.path);
  const preview = previewImage(input.image, input.imageShape ?? "wide");
  const image = absoluteUrl(input.publicUrl, preview.url);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_SV" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(preview.width
      ? [
          { property: "og:image:type", content: "image/jpeg" },
          { property: "og:image:width", content: String(preview.width) },
          { property: "og:image:height", content: String(preview.height) },
        ]
      : []),
    { property: "og:image:alt", content: input.imageAlt ?? title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

/**
 * The picture a link preview shows, as chat apps can show it (WhatsApp and WebP don't mix):
 * an uploaded WebP → its JPEG of that shape (shared/share-image.ts); a picture on another
 * site → as it is, size unknown; anything else (none, the app's own WebP) → the default JPEG.
 */
export function previewImage(
  src: string | null | undefined,
  shape: ShareImageShape,
): { url: string; width?: number; height?: number } {
  const upload = src ? shareImagePath(src, shape) : null;
  if (upload) return { url: upload, ...SHARE_IMAGE_SHAPES[shape] };
  if (src && /^https?:\/\//i.test(src)) return { url: src };
  return DEFAULT_SHARE_IMAGE;
}
