import { createElement } from "react";
import type { ReviewDto } from "../../shared/api-types";
import { formatLongDate } from "../../shared/dates";
import { replyHeading } from "../../shared/order-reviews";
import { escapeAsReact as escape, fillTemplate, TemplateKinds } from "./react-templates";
import { ReviewItem } from "../components/reviews/review-list";
import { ratingLabel, starRow } from "../components/ui/star-rating";

/**
 * A public review's HTML written by the server without React (issue 13, docs/decisions/0023):
 * a product or merchant page lists up to 100 reviews, each the same ~10 elements but for its
 * author, stars, date and text. React's HTML of one is cut once at marker values
 * (react-templates.ts); the browser renders <ReviewItem> itself. Issue 37: four kinds, with
 * or without 'Compra verificada' and the merchant's reply.
 * app/server-render/review-markup.test.tsx compares the two.
 */

type Hole =
  | "name"
  | "label"
  | "stars"
  | "createdAt"
  | "date"
  | "comment"
  | "replyHeading"
  | "replyAt"
  | "replyDate"
  | "replyText";

interface Kind {
  verified: boolean;
  replied: boolean;
}

const MARK = {
  name: "Zq9NameQz",
  rating: 2.3,
  createdAt: "2031-07-09T12:34:56.000Z",
  comment: "Zq9CommentQz",
  merchant: "Zq9MerchantQz",
  replyAt: "2032-08-10T13:45:07.000Z",
  reply: "Zq9ReplyQz",
} as const;

const review = new TemplateKinds<Kind, Hole>(
  (kind) => `${kind.verified ? "v" : ""}${kind.replied ? "r" : ""}`,
  (kind) => ({
    element: createElement(ReviewItem, {
      approvedOnly: true,
      merchantName: MARK.merchant,
      review: {
        id: 1,
        userId: null,
        userName: MARK.name,
        rating: MARK.rating,
        comment: MARK.comment,
        merchantId: null,
        productId: 1,
        isApproved: true,
        createdAt: MARK.createdAt,
        updatedAt: MARK.createdAt,
        verifiedPurchase: kind.verified,
        reply: kind.replied ? { text: MARK.reply, at: MARK.replyAt } : null,
      },
    }),
    markers: [
      ["name", MARK.name],
      ["label", ratingLabel(MARK.rating)],
      ["stars", starRow(MARK.rating).__html],
      ["createdAt", MARK.createdAt],
      ["date", formatLongDate(MARK.createdAt)],
      ["comment", MARK.comment],
      ...(kind.replied
        ? ([
            ["replyHeading", replyHeading(MARK.merchant)],
            ["replyAt", MARK.replyAt],
            ["replyDate", formatLongDate(MARK.replyAt)],
            ["replyText", MARK.reply],
          ] as const)
        : []),
    ],
    leftover: /zq9|2031|2032|2\.3 de/i,
  }),
);

const KINDS: Kind[] = [false, true].flatMap((verified) =>
  [false, true].map((replied) => ({ verified, replied })),
);

/** Renders the templates now, at the server's start. */
export function renderReviewTemplate() {
  review.prepare(KINDS);
}

/** A public review's HTML (the inside of its list item), or null before the template is rendered. */
export function reviewMarkup(
  item: Pick<ReviewDto, "userName" | "rating" | "createdAt" | "comment"> &
    Partial<Pick<ReviewDto, "verifiedPurchase" | "reply">>,
  merchantName?: string,
): string | null {
  const reply = item.reply ?? null;
  const template = review.get({
    verified: item.verifiedPurchase === true,
    replied: reply !== null,
  });
  return (
    template &&
    fillTemplate(template, (hole) => {
      switch (hole) {
        case "name":
          return escape(item.userName);
        case "label":
          return escape(ratingLabel(item.rating));
        case "stars":
          return starRow(item.rating).__html;
        case "createdAt":
          return escape(item.createdAt);
        case "date":
          return escape(formatLongDate(item.createdAt));
        case "comment":
          return escape(item.comment);
        case "replyHeading":
          return escape(replyHeading(merchantName));
        case "replyAt":
          return escape(reply!.at);
        case "replyDate":
          return escape(formatLongDate(reply!.at));
        case "replyText":
          return escape(reply!.text);
      }
    })
  );
}
