import { createElement } from "react";
import { openState, openStateLabel } from "../../shared/open-now";
import {
  MerchantCard,
  merchantPlace,
  type MerchantCardData,
} from "../components/catalogue/merchant-card";
import {
  escapeAsReact as escape,
  fillTemplate,
  isPlainPictureUrl,
  TemplateKinds,
} from "./react-templates";
import { uploadSrcSet } from "../components/catalogue/responsive-image";
import { isPlainPath } from "../components/layout/site-link";
import { ratingLabel, ratingValue, starRow } from "../components/ui/star-rating";

/**
 * A merchant card's HTML written by the server without React (issue 13, docs/decisions/0023),
 * as product-card-markup.ts does for products: a list of 30 merchant cards cost React more
 * than the rest of its page. Each kind of card (heading level, picture, logo, open-now badge,
 * description, one or more reviews and products) is rendered by React with marker values the
 * first time a page needs it, and cut into a template (react-templates.ts). Cards whose
 * picture loads with priority, or whose link or picture React writes otherwise, return null
 * and go through React. app/server-render/merchant-card-markup.test.tsx compares the two.
 */

type Hole =
  | "slug"
  | "name"
  | "src"
  | "srcset"
  | "logo"
  | "logoSrcset"
  | "label"
  | "value"
  | "stars"
  | "reviews"
  | "badge"
  | "description"
  | "place"
  | "products";

/** Marker values: none of them is in a card's own markup, and none is changed by escaping. */
const MARK = {
  slug: "zq9slugqz",
  name: "Zq9NameQz",
  description: "Zq9DescriptionQz",
  place: "Zq9PlaceQz",
  rating: "2.3",
  reviews: 7777,
  products: 8888,
  src: "/zq9imageqz.png",
  upload: "/uploads/zq9imageqz-1200.webp",
  logo: "/zq9logoqz.png",
  logoUpload: "/uploads/zq9logoqz-1200.webp",
} as const;

/** The marker card's clock, and a special date that makes it open then (12:00 in El Salvador). */
const SAMPLE_NOW = "2026-01-07T18:00:00.000Z";
const OPEN_ALL_DAY = [{ date: "2026-01-07", closed: false, open: "00:00", close: "24:00" }];

type Badge = "none" | "open" | "closed";
const BADGE_LABEL: Record<Exclude<Badge, "none">, string> = {
  open: openStateLabel({ open: true }),
  closed: openStateLabel({ open: false, reason: "temporarily-closed", opensAt: null }),
};

const MARKERS: [Hole, string][] = [
  ["slug", MARK.slug],
  ["name", MARK.name],
  ["description", MARK.description],
  ["place", MARK.place],
  ["label", ratingLabel(MARK.rating)],
  ["value", ratingValue(MARK.rating).toFixed(1)],
  ["stars", starRow(MARK.rating).__html],
  ["reviews", String(MARK.reviews)],
  ["products", String(MARK.products)],
  ["src", MARK.src],
  ["src", MARK.upload],
  ["srcset", uploadSrcSet(MARK.upload)!],
  ["logo", MARK.logo],
  ["logo", MARK.logoUpload],
  ["logoSrcset", uploadSrcSet(MARK.logoUpload)!],
  ["badge", BADGE_LABEL.open],
  ["badge", BADGE_LABEL.closed],
];
/** Left in a static part, a marker React changed on the way: that kind of card is not cut. */
const MARKER_LEFT = /zq9|7777|8888|2\.3/i;

/**
 * How the templates take each field of the card's data: a value in a hole, a kind, or both.
 * A field added to MerchantCardData is a compile error here until they take it too.
 */
export const TAKEN_AS: Record<keyof MerchantCardData, "hole" | "kind" | "hole and kind"> = {
  slug: "hole",
  name: "hole",
  address: "hole",
  department: "hole",
  municipality: "hole",
  rating: "hole",
  reviewCount: "hole and kind",
  productCount: "hole and kind",
  description: "hole and kind",
  imageUrl: "hole and kind",
  logoUrl: "hole and kind",
  schedule: "hole and kind",
  temporarilyClosed: "hole and kind",
  specialDates: "hole and kind",
};

type Picture = "none" | "plain" | "srcset";
interface Kind {
  heading: "h2" | "h3";
  picture: Picture;
  logo: Picture;
  badge: Badge;
  description: boolean;
  oneReview: boolean;
  oneProduct: boolean;
}

const keyOf = (k: Kind) =>
  [k.heading, k.picture, k.logo, k.badge, k.description, k.oneReview, k.oneProduct].join("|");

const pictureOf = (picture: Picture, plain: string, upload: string) =>
  picture === "none" ? null : picture === "plain" ? plain : upload;

function sample(kind: Kind) {
  const merchant: MerchantCardData = {
    slug: MARK.slug,
    name: MARK.name,
    description: kind.description ? MARK.description : "",
    imageUrl: pictureOf(kind.picture, MARK.src, MARK.upload),
    logoUrl: pictureOf(kind.logo, MARK.logo, MARK.logoUpload),
    address: "",
    department: null,
    municipality: MARK.place,
    rating: MARK.rating,
    reviewCount: kind.oneReview ? 1 : MARK.reviews,
    productCount: kind.oneProduct ? 1 : MARK.products,
    schedule: "",
    temporarilyClosed: kind.badge === "closed",
    specialDates: kind.badge === "open" ? OPEN_ALL_DAY : [],
  };
  return {
    element: createElement(MerchantCard, {
      merchant,
      priority: false,
      headingLevel: kind.heading,
      now: kind.badge === "none" ? undefined : SAMPLE_NOW,
    }),
    markers: MARKERS,
    leftover: MARKER_LEFT,
  };
}

const kinds = new TemplateKinds(keyOf, sample);

function pictureKind(url: string | null | undefined): Picture | null {
  if (!url) return "none";
  if (!isPlainPictureUrl(url)) return null;
  return uploadSrcSet(url) ? "srcset" : "plain";
}

/**
 * The card's HTML (the inside of its grid cell), or null when this card goes through React:
 * one React writes otherwise, or one whose kind is not rendered yet (it is after this page).
 */
export function merchantCardMarkup(
  merchant: MerchantCardData,
  options: { priority: boolean; headingLevel?: "h2" | "h3"; now?: string },
): string | null {
  const picture = pictureKind(merchant.imageUrl);
  const logo = pictureKind(merchant.logoUrl);
  if (options.priority || picture === null || logo === null) return null;
  if (!isPlainPath(`/merchants/${merchant.slug}`)) return null;
  // As OpenNowBadge's first render: the loader's clock, none without one.
  const state = options.now ? openState(merchant, new Date(options.now)) : null;
  const kind: Kind = {
    heading: options.headingLevel ?? "h3",
    picture,
    logo,
    badge: state === null ? "none" : state.open ? "open" : "closed",
    description: Boolean(merchant.description),
    oneReview: merchant.reviewCount === 1,
    oneProduct: merchant.productCount === 1,
  };
  const template = kinds.get(kind);
  if (!template) return null;
  return fillTemplate(template, (hole) => {
    switch (hole) {
      case "slug":
        return escape(merchant.slug);
      case "name":
        return escape(merchant.name);
      case "src":
        return escape(merchant.imageUrl ?? "");
      case "srcset":
        return escape(uploadSrcSet(merchant.imageUrl ?? "") ?? "");
      case "logo":
        return escape(merchant.logoUrl ?? "");
      case "logoSrcset":
        return escape(uploadSrcSet(merchant.logoUrl ?? "") ?? "");
      case "label":
        return escape(ratingLabel(merchant.rating));
      case "value":
        return ratingValue(merchant.rating).toFixed(1);
      case "stars":
        return starRow(merchant.rating).__html;
      case "reviews":
        return escape(String(merchant.reviewCount));
      case "badge":
        return state ? escape(openStateLabel(state)) : "";
      case "description":
        return escape(merchant.description);
      case "place":
        return escape(merchantPlace(merchant));
      case "products":
        return escape(String(merchant.productCount));
    }
  });
}
