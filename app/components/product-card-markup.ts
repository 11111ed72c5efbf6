import { createElement } from "react";
// Not "react-dom/server": the server build turns that into React's streaming renderer alone
// (scripts/react-dom-text-writer.ts), which has no renderToString.
import { renderToString } from "react-dom/server.node";
import { formatPrice } from "../../shared/money";
import { ProductCard, type ProductCardData } from "./product-card";
import { uploadSrcSet } from "./responsive-image";
import { isPlainPath } from "./site-link";
import { ratingLabel, starRow } from "./ui/star-rating";

/**
 * A product card's HTML written by the server without React (issue 13, docs/decisions/0023):
 * a grid of 25–60 cards was most of a merchant's or a listing's render, React building and
 * writing ~20 elements and ~50 attributes per card whose markup differs only by a few values.
 *
 * The markup is React's own: each kind of card (heading level, with or without seller,
 * rating, review count, picture) is rendered once by React with marker values, and cut at the
 * markers into a template; a card is then the template with its values escaped as React
 * escapes them. Cards React would write differently (a picture loaded with priority, which
 * adds a preload to the page's head; a link that is not a plain path; an unusual picture URL)
 * return null and go through React as before. The browser renders <ProductCard> and hydrates
 * this HTML like its own; app/components/product-card-markup.test.tsx compares the two.
 */

type Hole = "name" | "slug" | "merchant" | "price" | "label" | "stars" | "count" | "src" | "srcset";

/** Static text around holes: `statics[i]`, `holes[i]`, …, then the last static. */
interface Template {
  statics: string[];
  holes: Hole[];
}

/** Marker values: none of them is in a card's own markup, and none is changed by escaping. */
const MARK = {
  slug: "zq9slugqz",
  name: "Zq9NameQz",
  merchant: "Zq9MerchantQz",
  price: "4321.98",
  rating: "2.3",
  count: 7777,
  src: "/zq9imageqz.png",
  upload: "/uploads/zq9imageqz-1200.webp",
} as const;

/** What a marker turns into in React's HTML, per hole. */
const MARKERS: [Hole, string][] = [
  ["slug", MARK.slug],
  ["name", MARK.name],
  ["merchant", MARK.merchant],
  ["price", formatPrice(MARK.price)],
  ["label", ratingLabel(MARK.rating)],
  ["stars", starRow(MARK.rating).__html],
  ["count", String(MARK.count)],
  ["src", MARK.src],
  ["src", MARK.upload],
  ["srcset", uploadSrcSet(MARK.upload)!],
];
/**
 * The card's data this file fills in. A field added to ProductCardData is a compile error here
 * until the templates fill it (as a hole or a kind): else they would show the marker card's.
 */
type Filled = "slug" | "name" | "imageUrl" | "price" | "rating" | "reviewCount" | "merchantName";
const EVERY_FIELD_FILLED: Exclude<keyof ProductCardData, Filled> extends never ? true : never =
  true;
void EVERY_FIELD_FILLED;

/** Left in a static part, a marker React changed on the way: that kind of card is not cut. */
const MARKER_LEFT = /zq9|4321|7777|2\.3 de/i;

type Picture = "none" | "plain" | "srcset";
type Count = "none" | "one" | "other";
interface Kind {
  heading: "h2" | "h3";
  merchant: boolean;
  rating: boolean;
  count: Count;
  picture: Picture;
}

const keyOf = (k: Kind) =>
  `${k.heading}|${Number(k.merchant)}|${Number(k.rating)}|${k.count}|${k.picture}`;

/** Cut `html` at every marker, the earliest first (the longer one where two start together). */
function cut(html: string): Template {
  const statics: string[] = [];
  const holes: Hole[] = [];
  let at = 0;
  for (;;) {
    let found: { hole: Hole; index: number; length: number } | undefined;
    for (const [hole, marker] of MARKERS) {
      const index = html.indexOf(marker, at);
      if (index < 0) continue;
      if (!found || index < found.index || (index === found.index && marker.length > found.length))
        found = { hole, index, length: marker.length };
    }
    if (!found) break;
    statics.push(html.slice(at, found.index));
    holes.push(found.hole);
    at = found.index + found.length;
  }
  statics.push(html.slice(at));
  if (statics.some((part) => MARKER_LEFT.test(part))) {
    throw new Error(`product-card-markup: a marker was changed in ${JSON.stringify(html)}`);
  }
  return { statics, holes };
}

function render(kind: Kind): Template {
  const product: ProductCardData = {
    slug: MARK.slug,
    name: MARK.name,
    price: MARK.price,
    imageUrl: kind.picture === "none" ? "" : kind.picture === "plain" ? MARK.src : MARK.upload,
  };
  if (kind.merchant) product.merchantName = MARK.merchant;
  if (kind.rating) product.rating = MARK.rating;
  if (kind.count !== "none") product.reviewCount = kind.count === "one" ? 1 : MARK.count;
  return cut(
    renderToString(
      createElement(ProductCard, { product, priority: false, headingLevel: kind.heading }),
    ),
  );
}

const templates = new Map<string, Template>();

/**
 * Renders every kind of card: once, when the server starts, and in the tests. Never inside a
 * component: React's renderer keeps the component being rendered in module state, which a
 * nested render would reset.
 */
export function renderAllKinds() {
  for (const heading of ["h2", "h3"] as const)
    for (const merchant of [false, true])
      for (const picture of ["none", "plain", "srcset"] as const)
        for (const [rating, count] of RATINGS) {
          const kind = { heading, merchant, rating, count, picture };
          try {
            templates.set(keyOf(kind), render(kind));
          } catch (error) {
            // That kind goes through React.
            console.error(error);
          }
        }
}
const RATINGS: [boolean, Count][] = [
  [false, "none"],
  [true, "none"],
  [true, "one"],
  [true, "other"],
];

/** React's escaping of text and attribute values (escapeTextForBrowser). */
const ESCAPED: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};
const TO_ESCAPE = /["&'<>]/g;
const escape = (text: string) => text.replace(TO_ESCAPE, (c) => ESCAPED[c]!);

/** A picture URL React writes as it is (it rewrites `javascript:` ones). */
const PLAIN_PICTURE = /^(?:\/|https?:)/i;

/**
 * The card's HTML (the inside of its grid cell), or null when this card goes through React:
 * one React writes otherwise, or before renderAllKinds.
 */
export function productCardMarkup(
  product: ProductCardData,
  options: { priority: boolean; headingLevel?: "h2" | "h3" },
): string | null {
  const { slug, imageUrl, merchantName, rating, reviewCount } = product;
  if (options.priority || !isPlainPath(`/products/${slug}`) || merchantName === "") return null;
  if (imageUrl && !PLAIN_PICTURE.test(imageUrl)) return null;
  const srcset = imageUrl ? uploadSrcSet(imageUrl) : undefined;
  const kind: Kind = {
    heading: options.headingLevel ?? "h3",
    merchant: Boolean(merchantName),
    rating: rating !== undefined,
    count:
      rating === undefined || reviewCount === undefined
        ? "none"
        : reviewCount === 1
          ? "one"
          : "other",
    picture: !imageUrl ? "none" : srcset ? "srcset" : "plain",
  };
  const template = templates.get(keyOf(kind));
  if (!template) return null;
  const { statics, holes } = template;
  let html = statics[0]!;
  for (let i = 0; i < holes.length; i++) {
    html += valueOf(holes[i]!, product, srcset) + statics[i + 1]!;
  }
  return html;
}

function valueOf(hole: Hole, product: ProductCardData, srcset: string | undefined): string {
  switch (hole) {
    case "slug":
      return escape(product.slug);
    case "name":
      return escape(product.name);
    case "merchant":
      return escape(product.merchantName ?? "");
    case "price":
      return escape(formatPrice(product.price));
    case "label":
      return escape(ratingLabel(product.rating ?? 0));
    case "stars":
      return starRow(product.rating ?? 0).__html;
    case "count":
      return escape(String(product.reviewCount));
    case "src":
      return escape(product.imageUrl ?? "");
    case "srcset":
      return escape(srcset ?? "");
  }
}
