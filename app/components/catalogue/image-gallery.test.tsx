import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ImageGallery } from "./image-gallery";

const IMAGES = ["/uploads/a.webp", "/uploads/b.webp", "/uploads/c.webp"];

const mainImage = () => screen.getByRole("img", { name: /^Pupusas/ }) as HTMLImageElement;
const counter = () => screen.getByText(/^\d+ \/ \d+$/).textContent;

describe("ImageGallery", () => {
  it("falls back to the single main image when there is no image list", () => {
    render(<ImageGallery images={[]} mainImage="/uploads/main.webp" alt="Pupusas" />);
    expect(mainImage().getAttribute("src")).toBe("/uploads/main.webp");
  });

  it("shows one image plainly, without controls or counter", () => {
    render(
      <ImageGallery images={["/uploads/a.webp"]} mainImage="/uploads/main.webp" alt="Pupusas" />,
    );
    expect(mainImage().getAttribute("src")).toBe("/uploads/a.webp");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText(/\d+ \/ \d+/)).toBeNull();
  });

  it("says 'No hay imágenes disponibles' when there is none", () => {
    render(<ImageGallery images={null} mainImage={null} alt="Pupusas" />);
    expect(screen.getByText("No hay imágenes disponibles")).toBeTruthy();
    expect(screen.queryByRole("img", { name: /Pupusas/ })).toBeNull();
  });

  it("moves with previous and next, wrapping around, and counts 'n / total'", async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={IMAGES} alt="Pupusas" />);
    expect(counter()).toBe("1 / 3");
    expect(mainImage().getAttribute("src")).toBe("/uploads/a.webp");
    await user.click(screen.getByRole("button", { name: "Imagen anterior" }));
    expect(counter()).toBe("3 / 3");
    expect(mainImage().getAttribute("src")).toBe("/uploads/c.webp");
    await user.click(screen.getByRole("button", { name: "Imagen siguiente" }));
    expect(counter()).toBe("1 / 3");
    await user.click(screen.getByRole("button", { name: "Imagen siguiente" }));
    expect(counter()).toBe("2 / 3");
    expect(mainImage().getAttribute("src")).toBe("/uploads/b.webp");
  });

  it("jumps to a clicked thumbnail", async () => {
    const user = userEvent.setup();
    render(<ImageGallery images={IMAGES} alt="Pupusas" />);
    await user.click(screen.getByRole("button", { name: "Ver imagen 3" }));
    expect(counter()).toBe("3 / 3");
    expect(mainImage().getAttribute("src")).toBe("/uploads/c.webp");
    expect(screen.getByRole("button", { name: "Ver imagen 3" }).getAttribute("aria-current")).toBe(
      "true",
    );
  });

  it("follows the left and right arrow keys", () => {
    render(<ImageGallery images={IMAGES} alt="Pupusas" />);
    const gallery = screen.getByRole("region", { name: "Imágenes de Pupusas" });
    fireEvent.keyDown(gallery, { key: "ArrowLeft" });
    expect(counter()).toBe("3 / 3");
    fireEvent.keyDown(gallery, { key: "ArrowRight" });
    fireEvent.keyDown(gallery, { key: "ArrowRight" });
    expect(counter()).toBe("2 / 3");
  });

  it("replaces a picture that fails to load with the placeholder, then with an icon", () => {
    render(<ImageGallery images={["/uploads/broken.webp"]} alt="Pupusas" />);
    fireEvent.error(mainImage());
    expect(mainImage().getAttribute("src")).toMatch(/^\/api\/placeholder\/800\/800$/);
    fireEvent.error(mainImage());
    const icon = screen.getByRole("img", { name: "Pupusas" });
    expect(icon.tagName).toBe("DIV");
    expect(icon.querySelector("svg")).toBeTruthy();
  });
});
