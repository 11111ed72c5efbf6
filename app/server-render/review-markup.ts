import { createElement } from "react";
import type { ReviewDto } from "../../shared/api-types";
import { formatLongDate } from "../../shared/dates";
import { escapeAsReact as escape, fillTemplate, TemplateKinds } from "./react-templates";
import { ReviewItem } from "../components/reviews/review-list";
import { ratingLabel, starRow } from "../components/ui/star-rating";

/**
 * A public review's HTML written by the server without React (issue 13, docs/decisions/0023):
 * a product or merchant page lists up to 100 reviews, each the same ~10 elements but for its
 * author, stars, date and text. React's HTML of one is cut once at marker values
 * (react-templates.ts); the browser renders <ReviewItem> itself.
 * app/server-render/review-markup.test.tsx compares the two.
 */

type Hole = "name" | "label" | "stars" | "createdAt" | "date" | "comment";

const MARK = {
  name: "Zq9NameQz",
  rating: 2.3,
  createdAt: "2031-07-09T12:34:56.000Z",
  comment: "Zq9CommentQz",
} as const;

const review = new TemplateKinds<"public", Hole>(
  () => "public",
  () => ({
    element: createElement(ReviewItem, {
      approvedOnly: true,
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
      },
    }),
    markers: [
      ["name", MARK.name],
      ["label", ratingLabel(MARK.rating)],
      ["stars", starRow(MARK.rating).__html],
      ["createdAt", MARK.createdAt],
      ["date", formatLongDate(MARK.createdAt)],
      ["comment", MARK.comment],
    ],
    leftover: /zq9|2031|2\.3 de/i,
  }),
);

/** Renders the template now, at the server's start. */
export function renderReviewTemplate() {
  review.prepare(["public"]);
}

/** A public review's HTML (the inside of its list item), or null before the template is rendered. */
export function reviewMarkup(
  item: Pick<ReviewDto, "userName" | "rating" | "createdAt" | "comment">,
): string | null {
  const template = review.get("public");
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
      }
    })
  );
}
