import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReviewDto } from "../../../shared/api-types";
import { createQueryClient } from "../../lib/query-client";
import { ReviewList, reviewsQueryKey, summaryText } from "./review-list";

function wrap(children: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

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
      wrap(
        <ReviewList
          merchantId={7}
          initialPage={{ items: [review(1, 4), review(2, 5)], total: 2 }}
        />,
      ),
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
      wrap(
        <ReviewList
          merchantId={7}
          rating="3.3"
          initialPage={{ items: [review(1, 4), review(2, 5)], total: 3 }}
        />,
      ),
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
      wrap(
        <ReviewList
          productId={5}
          rating="4.0"
          initialPage={{ items: [review(1, 4), review(2, 5)], total: 3 }}
        />,
      ),
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
    render(wrap(<ReviewList productId={3} title="Opiniones" />));
    expect(screen.getAllByTestId("review-skeleton")).toHaveLength(3);
    expect(fetch).toHaveBeenCalledWith("/api/reviews?productId=3&approved=true", expect.anything());
    answer(json([review(1, 5, { productId: 3, merchantId: null })]));
    expect(await screen.findByText("5.0 de 5 (1 reseña)")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Opiniones" })).toBeTruthy();
    expect(screen.queryAllByTestId("review-skeleton")).toHaveLength(0);
  });

  it("says so when there are no reviews", () => {
    render(wrap(<ReviewList merchantId={7} initialPage={{ items: [], total: 0 }} />));
    expect(screen.getByText("No hay reseñas disponibles todavía.")).toBeTruthy();
  });

  it("labels each review 'Aprobada' or 'Pendiente' when not filtered to approved ones", async () => {
    const fetch = vi.fn(async () => json([review(1, 4), review(2, 2, { isApproved: false })]));
    vi.stubGlobal("fetch", fetch);
    render(wrap(<ReviewList merchantId={7} approvedOnly={false} />));
    expect(await screen.findByText("Aprobada")).toBeTruthy();
    expect(screen.getByText("Pendiente")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/reviews?merchantId=7", expect.anything());
  });

  it("builds its key from the target", () => {
    expect(reviewsQueryKey({ merchantId: 2 })).toEqual(["/api/reviews?merchantId=2&approved=true"]);
  });
});
