import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderReviewsDto, ReviewDto } from "../../../shared/api-types";
import { dismissToast } from "../../lib/toast";
import { jsonResponse, stubFetch } from "../../test/test-utils";
import { Toaster } from "../ui/toaster";
import { RateOrder } from "./rate-order";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const URL_OF = "POST /api/orders/ES-2026-000123/reviews?token=abc";

function aReview(fields: Partial<ReviewDto>): ReviewDto {
  return {
    id: 1,
    userId: "user-1",
    userName: "Marta H.",
    rating: 5,
    comment: "Muy buena atención.",
    merchantId: null,
    productId: null,
    isApproved: false,
    createdAt: "2026-03-02T16:00:00.000Z",
    updatedAt: "2026-03-02T16:00:00.000Z",
    verifiedPurchase: true,
    reply: null,
    ...fields,
  };
}

function anOrder(fields: Partial<OrderReviewsDto> = {}): OrderReviewsDto {
  return {
    orderNumber: "ES-2026-000123",
    merchant: { id: 7, name: "Pupusería La Ceiba" },
    open: true,
    merchantReview: null,
    products: [
      { productId: 31, name: "Pupusa revuelta", imageUrl: null, review: null },
      { productId: 32, name: "Horchata", imageUrl: null, review: null },
    ],
    ...fields,
  };
}

const show = (orders: OrderReviewsDto[]) =>
  render(
    <>
      <RateOrder orders={orders} token="abc" />
      <Toaster />
    </>,
  );

describe("'Califica tu compra' on the order page (issue 37)", () => {
  it("is not there until an order is delivered", () => {
    const { container } = show([anOrder({ open: false })]);
    expect(container.textContent).toBe("");
  });

  it("sends the shop's and the chosen products' stars and comments, then shows them as pending", async () => {
    const after = anOrder({
      merchantReview: aReview({ merchantId: 7 }),
      products: [
        {
          productId: 31,
          name: "Pupusa revuelta",
          imageUrl: null,
          review: aReview({ id: 2, productId: 31, rating: 4 }),
        },
        { productId: 32, name: "Horchata", imageUrl: null, review: null },
      ],
    });
    const fetch = stubFetch({ [URL_OF]: () => jsonResponse(after, 201) });
    show([anOrder()]);
    const section = screen.getByRole("region", { name: "Califica tu compra" });
    expect(section.id).toBe("califica-tu-compra");
    const user = userEvent.setup({ delay: null });
    const [shopStars, pupusaStars] = within(section).getAllByRole("radiogroup");
    await user.click(within(shopStars).getByRole("radio", { name: "5 estrellas" }));
    await user.click(within(pupusaStars).getByRole("radio", { name: "4 estrellas" }));
    const [shopComment, pupusaComment] = within(section).getAllByLabelText("Tu comentario");
    await user.type(shopComment, "Atención rápida y amable.");
    await user.type(pupusaComment, "corta");
    await user.click(screen.getByRole("button", { name: "Enviar calificación" }));
    // Checked here first: nothing is sent with a short comment.
    expect(screen.getByText("La reseña debe tener al menos 10 caracteres")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(pupusaComment, " pero muy rica");
    await user.click(screen.getByRole("button", { name: "Enviar calificación" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      merchant: { rating: 5, comment: "Atención rápida y amable." },
      products: [{ productId: 31, rating: 4, comment: "corta pero muy rica" }],
    });
    await waitFor(() =>
      expect(
        screen.getAllByText("Gracias: tu reseña se publicará cuando la revisemos."),
      ).toHaveLength(2),
    );
    // The horchata may still be rated.
    expect(within(section).getAllByRole("radiogroup")).toHaveLength(1);
  });

  it("shows the server's message at its product", async () => {
    stubFetch({
      [URL_OF]: () =>
        jsonResponse(
          {
            message: "Ya calificaste este producto en este pedido",
            code: "conflict",
            errors: [
              {
                path: "products.0.productId",
                message: "Ya calificaste este producto en este pedido",
              },
            ],
          },
          409,
        ),
    });
    show([anOrder()]);
    const user = userEvent.setup({ delay: null });
    const groups = screen.getAllByRole("radiogroup");
    await user.click(within(groups[2]).getByRole("radio", { name: "3 estrellas" }));
    await user.type(screen.getByLabelText("Tu comentario"), "Bien fría y dulce.");
    await user.click(screen.getByRole("button", { name: "Enviar calificación" }));
    expect(
      (await screen.findAllByText("Ya calificaste este producto en este pedido")).length,
    ).toBeGreaterThan(0);
  });

  it("says so once everything of the order is rated", () => {
    show([
      anOrder({
        merchantReview: aReview({ merchantId: 7, isApproved: true }),
        products: [
          { productId: 31, name: "Pupusa revuelta", imageUrl: null, review: aReview({ id: 3 }) },
        ],
      }),
    ]);
    expect(screen.getByText("Tu reseña está publicada.")).toBeTruthy();
    expect(screen.getByText("Ya calificaste todo este pedido. ¡Gracias!")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enviar calificación" })).toBeNull();
  });
});
