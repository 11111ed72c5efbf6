import { render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ratingLabel, StarRating } from "./star-rating";

const filled = (container: HTMLElement) =>
  container.querySelectorAll('svg[data-filled="true"]').length;

describe("StarRating", () => {
  it("names the exact value with one decimal", () => {
    render(<StarRating rating="4.5" />);
    expect(screen.getByRole("img", { name: "4.5 de 5" })).toBeTruthy();
  });

  it("rounds the stars to the nearest whole star", () => {
    expect(filled(render(<StarRating rating="4.5" />).container)).toBe(5);
    expect(filled(render(<StarRating rating="4.4" />).container)).toBe(4);
    expect(filled(render(<StarRating rating="0.0" />).container)).toBe(0);
    expect(filled(render(<StarRating rating={2.6} />).container)).toBe(3);
  });

  it("treats unreadable and out-of-range ratings safely", () => {
    expect(ratingLabel("abc")).toBe("0.0 de 5");
    expect(ratingLabel(7)).toBe("5.0 de 5");
    expect(filled(render(<StarRating rating="-2" />).container)).toBe(0);
  });

  it("shows the review count when given", () => {
    render(<StarRating rating="4.0" reviewCount={12} />);
    expect(screen.getByText(/12/).textContent).toBe("(12 reseñas)");
  });
});

/** The stars as React elements, as the component drew them before issue 13. */
function elementStars(rating: number, size: "size-4" | "size-5" | "size-6") {
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-1">
      <span role="img" aria-label={ratingLabel(rating)} className="inline-flex gap-0.5">
        {Array.from({ length: 5 }, (_, i) => (
          <svg
            key={i}
            viewBox="0 0 24 24"
            aria-hidden="true"
            data-filled={i < filled ? "true" : "false"}
            className={`${size} ${i < filled ? "fill-maiz-400 text-maiz-600" : "fill-none text-stone-400"}`}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          >
            <path d="M12 2l3.09 6.26 6.91 1.01-5 4.87 1.18 6.88-6.18-3.25-6.18 3.25 1.18-6.88-5-4.87 6.91-1.01z" />
          </svg>
        ))}
      </span>
    </span>
  );
}

describe("StarRating's markup", () => {
  it.each([0, 0.4, 1, 2.5, 3, 4.4, 4.5, 5])("is React's own for %s stars", (rating) => {
    for (const [size, sizeClass] of [
      ["sm", "size-4"],
      ["md", "size-5"],
      ["lg", "size-6"],
    ] as const) {
      expect(renderToStaticMarkup(<StarRating rating={rating} size={size} />)).toBe(
        renderToStaticMarkup(elementStars(rating, sizeClass)),
      );
    }
  });
});
