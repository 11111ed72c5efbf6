import { render, screen } from "@testing-library/react";
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
