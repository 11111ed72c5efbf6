import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReviewDto } from "../../../shared/api-types";
import { ReviewList, reviewsUrl, summaryText } from "./review-list";
import { reviewsChanged } from "./reviews-changed";

function review(id: number, rating: number, extra: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id,
    userId: `user-${id}`,
    userName: `Cliente ${id}`,
    rating,
    comment: `Comentario número ${id}`,
    merchantId: 7,
    productId: null,
    isApproved: true,
    createdAt: "2026-03-02T16:00:00.000Z",
    updatedAt: "2026-03-02T16:00:00.000Z",
    verifiedPurchase: false,
    reply: null,
    ...extra,
  };
}

function json(body: unknown, total?: number) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      "Content-Type": "application/json",
      ...(total === undefined ? {} : { "X-Total-Count": String(total) }),
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("ReviewList", () => {
  it("writes the average with one decimal and the right plural", () => {
    expect(summaryText(4.5, 2)).toBe("4.5 de 5 (2 reseñas)");
    expect(summaryText(5, 1)).toBe("5.0 de 5 (1 reseña)");
    expect(summaryText("4.3", 250)).toBe("4.3 de 5 (250 reseñas)");
  });

  it("renders the loader's reviews at once, with the average, rounded stars and long dates", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    render(
      <ReviewList merchantId={7} initialPage={{ items: [review(1, 4), review(2, 5)], total: 2 }} />,
    );
    expect(screen.getByRole("heading", { name: "Reseñas" })).toBeTruthy();
    expect(screen.getByText("4.5 de 5 (2 reseñas)")).toBeTruthy();
    expect(screen.getByText("Cliente 1")).toBeTruthy();
    expect(screen.getAllByText("2 de marzo de 2026")).toHaveLength(2);
    // The average's stars: 4.5 rounds to 5 filled.
    const average = screen.getAllByRole("img", { name: "4.5 de 5" })[0];
    expect(average.querySelectorAll('[data-filled="true"]')).toHaveLength(5);
    expect(screen.queryByText("Aprobada")).toBeNull();
    expect(screen.queryByRole("button", { name: "Ver más reseñas" })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers the next page while the total says there are more, with the stored average", async () => {
    const fetch = vi.fn(async () => json([review(3, 1)], 3));
    vi.stubGlobal("fetch", fetch);
    render(
      <ReviewList
        merchantId={7}
        rating="3.3"
        initialPage={{ items: [review(1, 4), review(2, 5)], total: 3 }}
      />,
    );
    // Two of three loaded: the summary is the merchant's stored average of all three.
    expect(screen.getByText("3.3 de 5 (3 reseñas)")).toBeTruthy();
    expect(screen.getByText("Mostrando 2 de 3 reseñas")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Ver más reseñas" }));
    expect(await screen.findByText("Cliente 3")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      "/api/reviews?merchantId=7&approved=true&offset=2",
      expect.anything(),
    );
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Ver más reseñas" })).toBeNull();
    // All loaded now: the list's own average.
    expect(screen.getByText("3.3 de 5 (3 reseñas)")).toBeTruthy();
  });

  it("shows each review once when an approval shifted the next page", async () => {
    const fetch = vi.fn(async () => json([review(2, 5), review(3, 2)], 4));
    vi.stubGlobal("fetch", fetch);
    render(
      <ReviewList
        productId={5}
        rating="4.0"
        initialPage={{ items: [review(1, 4), review(2, 5)], total: 3 }}
      />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Ver más reseñas" }));
    expect(await screen.findByText("Cliente 3")).toBeTruthy();
    expect(screen.getAllByText("Cliente 2")).toHaveLength(1);
    // The server's positions are all read: nothing more to offer.
    expect(screen.queryByRole("button", { name: "Ver más reseñas" })).toBeNull();
  });

  it("shows three skeleton rows while loading, then reads the approved reviews", async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    render(<ReviewList productId={3} title="Opiniones" />);
    expect(screen.getAllByTestId("review-skeleton")).toHaveLength(3);
    expect(fetch).toHaveBeenCalledWith("/api/reviews?productId=3&approved=true", expect.anything());
    answer(json([review(1, 5, { productId: 3, merchantId: null })]));
    expect(await screen.findByText("5.0 de 5 (1 reseña)")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Opiniones" })).toBeTruthy();
    expect(screen.queryAllByTestId("review-skeleton")).toHaveLength(0);
  });

  it("says so when there are no reviews", () => {
    render(<ReviewList merchantId={7} initialPage={{ items: [], total: 0 }} />);
    expect(screen.getByText("No hay reseñas disponibles todavía.")).toBeTruthy();
  });

  it("labels each review 'Aprobada' or 'Pendiente' when not filtered to approved ones", async () => {
    const fetch = vi.fn(async () => json([review(1, 4), review(2, 2, { isApproved: false })]));
    vi.stubGlobal("fetch", fetch);
    render(<ReviewList merchantId={7} approvedOnly={false} />);
    expect(await screen.findByText("Aprobada")).toBeTruthy();
    expect(screen.getByText("Pendiente")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/reviews?merchantId=7", expect.anything());
  });

  it("builds its URL from the target", () => {
    expect(reviewsUrl({ merchantId: 2 })).toBe("/api/reviews?merchantId=2&approved=true");
    expect(reviewsUrl({ productId: 4, approvedOnly: false })).toBe("/api/reviews?productId=4");
  });

  it("reads 'Cargando...' while the next page loads, then appends it to the loader's page", async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    render(
      <ReviewList productId={5} initialPage={{ items: [review(1, 4), review(2, 5)], total: 5 }} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Ver más reseñas" }));
    const loading = screen.getByRole("button", { name: "Cargando..." }) as HTMLButtonElement;
    expect(loading.disabled).toBe(true);
    expect(fetch).toHaveBeenLastCalledWith(
      "/api/reviews?productId=5&approved=true&offset=2",
      expect.anything(),
    );
    answer(json([review(3, 3), review(4, 2)], 5));
    expect(await screen.findByText("Mostrando 4 de 5 reseñas")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Cliente 1",
      "Cliente 2",
      "Cliente 3",
      "Cliente 4",
    ]);
    // The next page starts after the four loaded.
    await user.click(screen.getByRole("button", { name: "Ver más reseñas" }));
    expect(fetch).toHaveBeenLastCalledWith(
      "/api/reviews?productId=5&approved=true&offset=4",
      expect.anything(),
    );
    answer(json([review(5, 1)], 5));
    expect(await screen.findByText("Cliente 5")).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(5);
    expect(screen.queryByRole("button", { name: "Ver más reseñas" })).toBeNull();
  });

  it("says when the next page fails and loads it on a second try", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response("boom", { status: 500 }))
      .mockResolvedValueOnce(json([review(3, 1)], 3));
    vi.stubGlobal("fetch", fetch);
    render(
      <ReviewList merchantId={7} initialPage={{ items: [review(1, 4), review(2, 5)], total: 3 }} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Ver más reseñas" }));
    expect(await screen.findByText("No se pudieron cargar más reseñas.")).toBeTruthy();
    // What was loaded stays, and the button is there to try again.
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByText("Mostrando 2 de 3 reseñas")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ver más reseñas" }));
    expect(await screen.findByText("Cliente 3")).toBeTruthy();
    expect(screen.queryByText("No se pudieron cargar más reseñas.")).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][0]).toBe("/api/reviews?merchantId=7&approved=true&offset=2");
  });

  it("says so when the first page can't be read", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("boom", { status: 500 })),
    );
    render(<ReviewList productId={3} />);
    expect(await screen.findByText("No se pudieron cargar las reseñas.")).toBeTruthy();
    expect(screen.queryAllByTestId("review-skeleton")).toHaveLength(0);
  });

  it("reads every loaded page again after a review is sent", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json([review(3, 3)], 4))
      .mockResolvedValueOnce(json([review(1, 4), review(2, 5)], 4))
      .mockResolvedValueOnce(json([review(3, 3), review(4, 1)], 4));
    vi.stubGlobal("fetch", fetch);
    render(
      <ReviewList merchantId={7} initialPage={{ items: [review(1, 4), review(2, 5)], total: 3 }} />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Ver más reseñas" }));
    expect(await screen.findByText("Cliente 3")).toBeTruthy();
    act(() => reviewsChanged());
    // An approval meanwhile: both pages again, from the start, with the new total.
    expect(await screen.findByText("Cliente 4")).toBeTruthy();
    expect(fetch.mock.calls.slice(1).map((call) => call[0])).toEqual([
      "/api/reviews?merchantId=7&approved=true",
      "/api/reviews?merchantId=7&approved=true&offset=2",
    ]);
    expect(screen.getAllByRole("article")).toHaveLength(4);
  });

  it("starts again from the loader's page when the target changes", () => {
    vi.stubGlobal("fetch", vi.fn());
    const { rerender } = render(
      <ReviewList productId={1} initialPage={{ items: [review(1, 4)], total: 1 }} />,
    );
    rerender(<ReviewList productId={2} initialPage={{ items: [review(9, 2)], total: 1 }} />);
    expect(screen.getByText("Cliente 9")).toBeTruthy();
    expect(screen.queryByText("Cliente 1")).toBeNull();
  });
});
