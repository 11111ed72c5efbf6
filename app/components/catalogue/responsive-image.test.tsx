import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ResponsiveImage, uploadSrcSet } from "./responsive-image";

describe("uploadSrcSet", () => {
  it("lists the stored widths of an upload", () => {
    expect(uploadSrcSet("/uploads/2025/01/abc-1200.webp")).toBe(
      "/uploads/2025/01/abc-400.webp 400w, /uploads/2025/01/abc-800.webp 800w, /uploads/2025/01/abc-1200.webp 1200w",
    );
    expect(uploadSrcSet("/uploads/2025/01/abc-600.webp")).toBe(
      "/uploads/2025/01/abc-400.webp 400w, /uploads/2025/01/abc-600.webp 600w",
    );
  });

  it("has none for small uploads and other pictures", () => {
    expect(uploadSrcSet("/uploads/2025/01/abc-300.webp")).toBeUndefined();
    expect(uploadSrcSet("/images/default-product.webp")).toBeUndefined();
  });
});

describe("ResponsiveImage", () => {
  it("reserves its size and loads lazily unless it has priority", () => {
    render(<ResponsiveImage src="/a.webp" alt="Pupusas" width={400} height={300} />);
    const img = screen.getByRole("img", { name: "Pupusas" });
    expect(img.getAttribute("width")).toBe("400");
    expect(img.getAttribute("height")).toBe("300");
    expect(img.getAttribute("loading")).toBe("lazy");
  });

  it("falls back to the placeholder, then to an icon", () => {
    render(<ResponsiveImage src="/broken.webp" alt="Café" width={64} height={64} />);
    fireEvent.error(screen.getByRole("img", { name: "Café" }));
    expect(screen.getByRole("img", { name: "Café" }).getAttribute("src")).toBe(
      "/api/placeholder/64/64",
    );
    fireEvent.error(screen.getByRole("img", { name: "Café" }));
    expect(screen.getByRole("img", { name: "Café" }).tagName).toBe("DIV");
  });

  it("uses the fallback when there is no picture", () => {
    render(<ResponsiveImage src={null} alt="" width={10} height={10} fallbackSrc="/x.webp" />);
    expect(document.querySelector("img")!.getAttribute("src")).toBe("/x.webp");
  });
});
