import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazyReviewForm, preloadReviewForm } from "./lazy-review-form";

describe("LazyReviewForm", () => {
  it("shows a busy placeholder, then the review form for its target", async () => {
    render(<LazyReviewForm merchantId={3} />);
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("Cargando el formulario de reseña…")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Enviar reseña" })).toBeTruthy();
    expect(screen.getByLabelText("Nombre")).toBeTruthy();
    expect(screen.queryByText("Cargando el formulario de reseña…")).toBeNull();
  });

  it("can start the download early without rendering anything", () => {
    expect(() => preloadReviewForm()).not.toThrow();
  });
});
