import { createElement } from "react";
import { formatPrice } from "../../shared/money";
import { ProductCard, type ProductCardData } from "../components/catalogue/product-card";
import {
  escapeAsReact as escape,
  fillTemplate,
  isPlainPictureUrl,
  TemplateKinds,
} from "./react-templates";
import { uploadSrcSet } from "../components/catalogue/responsive-image";
import { isPlainPath } from "../components/layout/site-link";
import { ratingLabel, starRow } from "../components/ui/star-rating";

/**
 * A product card's HTML written by the server without React (issue 13, docs/decisions/0023):
 * a grid of 25–60 cards was most of a merchant's or a listing's render, React building and
 * writing ~20 elements and ~50 attributes per card whose markup differs only by a few values.
 *
 * The markup is React's own (react-templates.ts): each kind of card (heading level, with or
 * without seller, rating, review count, picture) is rendered once by React with marker values
 * and cut at the markers; a card is then its kind's template with its values. Cards React
 * would write differently (a picture loaded with priority, which adds a preload to the page's
 * head; a link that is not a plain path; an unusual picture URL) return null and go through
 * React as before. The browser renders <ProductCard> and hydrates
 * this HTML like its own; app/server-render/product-card-markup.test.tsx compares the two.
 */

type Hole = "name" | "slug" | "merchant" | "price" | "label" | "stars" | "count" | "src" | "srcset";

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
 * How the templates take each field of the card's data: a value in a hole, a kind, or both.
 * A field added to ProductCardData is a compile error here until they take it too.
 */
export const TAKEN_AS: Record<keyof ProductCardData, "hole" | "kind" | "hole and kind"> = {
  slug: "hole",
  name: "hole",
  price: "hole",
  merchantName: "hole and kind",
  rating: "hole and kind",
  reviewCount: "hole and kind",
  imageUrl: "hole and kind",
  // Issue 36: 'Agotado' and 'Desde' are static text of their kinds.
  available: "kind",
  priceFrom: "kind",
};

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
  soldOut: boolean;
  priceFrom: boolean;
}

const keyOf = (k: Kind) =>
  `${k.heading}|${Number(k.merchant)}|${Number(k.rating)}|${k.count}|${k.picture}|${Number(k.soldOut)}|${Number(k.priceFrom)}`;

function sample(kind: Kind) {
  const product: ProductCardData = {
    slug: MARK.slug,
    name: MARK.name,
    price: MARK.price,
    imageUrl: kind.picture === "none" ? "" : kind.picture === "plain" ? MARK.src : MARK.upload,
  };
  if (kind.merchant) product.merchantName = MARK.merchant;
  if (kind.rating) product.rating = MARK.rating;
  if (kind.count !== "none") product.reviewCount = kind.count === "one" ? 1 : MARK.count;
  if (kind.soldOut) product.available = false;
  if (kind.priceFrom) product.priceFrom = true;
  return {
    element: createElement(ProductCard, { product, priority: false, headingLevel: kind.heading }),
    markers: MARKERS,
    leftover: MARKER_LEFT,
  };
}

const kinds = new TemplateKinds(keyOf, sample);

const RATINGS: [boolean, Count][] = [
  [false, "none"],
  [true, "none"],
  [true, "one"],
  [true, "other"],
];

/** Renders every kind of card now: at the server's start (15 ms), and in the tests. */
export function renderAllKinds() {
  const all: Kind[] = [];
  for (const heading of ["h2", "h3"] as const)
    for (const merchant of [false, true])
      for (const picture of ["none", "plain", "srcset"] as const)
        for (const [rating, count] of RATINGS)
          for (const soldOut of [false, true])
            for (const priceFrom of [false, true])
              all.push({ heading, merchant, rating, count, picture, soldOut, priceFrom });
  kinds.prepare(all);
}

/**
 * The card's HTML (the inside of its grid cell), or null when this card goes through React:
 * one React writes otherwise, or one whose kind is not rendered yet.
 */
export function productCardMarkup(
  product: ProductCardData,
  options: { priority: boolean; headingLevel?: "h2" | "h3" },
): string | null {
  const { slug, imageUrl, merchantName, rating, reviewCount } = product;
  if (options.priority || !isPlainPath(`/products/${slug}`) || merchantName === "") return null;
  if (imageUrl && !isPlainPictureUrl(imageUrl)) return null;
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
    soldOut: product.available === false,
    priceFrom: product.priceFrom === true,
  };
  const template = kinds.get(kind);
  return template && fillTemplate(template, (hole) => valueOf(hole, product, srcset));
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
