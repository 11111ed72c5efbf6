import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReviewDto } from "../../../shared/api-types";
import { dismissToast } from "../../lib/toast";
import { jsonResponse, stubFetch } from "../../test/test-utils";
import { onReviewsChanged } from "../reviews/reviews-changed";
import { Toaster } from "../ui/toaster";
import { ReviewReplyEditor } from "./review-reply";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const review = (fields: Partial<ReviewDto> = {}): ReviewDto => ({
  id: 5,
  userId: null,
  userName: "Ana L.",
  rating: 2,
  comment: "Tardaron mucho en atender.",
  merchantId: 7,
  productId: null,
  isApproved: true,
  createdAt: "2026-03-02T16:00:00.000Z",
  updatedAt: "2026-03-02T16:00:00.000Z",
  verifiedPurchase: true,
  reply: null,
  ...fields,
});
const URL = "/api/merchant/7/reviews/5/reply";

describe("the portal's reply to a review (issue 37)", () => {
  it("answers once: checks 5 characters here, sends {reply}, and has the lists read again", async () => {
    const changed = vi.fn();
    const stop = onReviewsChanged(changed);
    const fetch = stubFetch({
      [`PUT ${URL}`]: (body) =>
        jsonResponse(review({ reply: { text: (body as { reply: string }).reply, at: "x" } })),
    });
    render(
      <>
        <ReviewReplyEditor merchantId={7} review={review()} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Responder" }));
    const box = screen.getByLabelText(/Tu respuesta/);
    await user.type(box, "Hola");
    await user.click(screen.getByRole("button", { name: "Publicar respuesta" }));
    expect(screen.getByText("La respuesta debe tener al menos 5 caracteres")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(box, ", disculpa la espera.");
    await user.click(screen.getByRole("button", { name: "Publicar respuesta" }));
    await waitFor(() => expect(changed).toHaveBeenCalledOnce());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      reply: "Hola, disculpa la espera.",
    });
    stop();
  });

  it("edits or removes an answer already given", async () => {
    const fetch = stubFetch({ [`DELETE ${URL}`]: () => jsonResponse(null, 204) });
    render(
      <ReviewReplyEditor
        merchantId={7}
        review={review({ reply: { text: "Gracias.", at: "2026-03-03T10:00:00.000Z" } })}
      />,
    );
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole("button", { name: "Editar respuesta" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Eliminar respuesta" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
  });
});
