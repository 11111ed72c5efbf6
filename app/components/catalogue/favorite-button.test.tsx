import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FAVORITES_KEY, readFavorites } from "../../lib/favorites";
import { FavoriteButton } from "./favorite-button";
import { ShareButtons, whatsappShareUrl } from "./share-buttons";

afterEach(() => window.localStorage.clear());

describe("FavoriteButton (issue 12)", () => {
  it("saves and forgets a merchant in localStorage", async () => {
    const user = userEvent.setup();
    render(<FavoriteButton kind="merchant" slug="la-ceiba" name="La Ceiba" />);
    await user.click(screen.getByRole("button", { name: "Guardar La Ceiba en favoritos" }));
    expect(readFavorites()).toEqual([{ kind: "merchant", slug: "la-ceiba" }]);
    expect(JSON.parse(window.localStorage.getItem(FAVORITES_KEY)!)).toHaveLength(1);
    const saved = screen.getByRole("button", { name: "Quitar La Ceiba de favoritos" });
    expect(saved.getAttribute("aria-pressed")).toBe("true");
    await user.click(saved);
    expect(readFavorites()).toEqual([]);
  });

  it("reads a damaged entry as no favourites", () => {
    window.localStorage.setItem(FAVORITES_KEY, "{not json");
    expect(readFavorites()).toEqual([]);
  });
});

describe("ShareButtons without the Web Share API", () => {
  it("links to WhatsApp with the name and the page's address", () => {
    render(<ShareButtons name="Pupusas" url="/products/pupusas" />);
    const link = screen.getByRole("link", { name: "Compartir por WhatsApp" });
    const href = `${window.location.origin}/products/pupusas`;
    expect(link.getAttribute("href")).toBe(whatsappShareUrl("Pupusas", href));
    expect(link.getAttribute("href")).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Pupusas ${href}`)}`,
    );
    expect(screen.getByRole("button", { name: "Copiar enlace" })).toBeTruthy();
  });
});
