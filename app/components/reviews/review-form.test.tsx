import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { ReviewForm } from "./review-form";
import { onReviewsChanged } from "./reviews-changed";
import { Toaster } from "../ui/toaster";

let stopListening = () => {};

function setup(props: { merchantId?: number; productId?: number }) {
  // What the page's review lists hear after a review is sent.
  const reviewsRead = vi.fn();
  stopListening = onReviewsChanged(reviewsRead);
  render(
    <>
      <ReviewForm {...props} />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), reviewsRead };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("radio", { name: "4 estrellas" }));
  await user.type(field("Nombre"), "María López");
  await user.type(field("Correo electrónico"), "maria@example.com");
  await user.type(field("Tu reseña"), "Las pupusas estaban deliciosas.");
}

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

describe("ReviewForm", () => {
  it("says that reviews are moderated", () => {
    setup({ merchantId: 1 });
    expect(screen.getByText(/revisadas por un administrador/)).toBeTruthy();
  });

  it("shows the spec's message next to each invalid field and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { user } = setup({ merchantId: 1 });
    await user.type(field("Nombre"), "M");
    await user.type(field("Correo electrónico"), "maria@");
    await user.type(field("Tu reseña"), "Muy rica");
    await user.click(screen.getByRole("button", { name: "Enviar reseña" }));
    expect(await screen.findByText("El nombre debe tener al menos 2 caracteres")).toBeTruthy();
    expect(screen.getByText("Correo electrónico inválido")).toBeTruthy();
    expect(screen.getByText("La reseña debe tener al menos 10 caracteres")).toBeTruthy();
    expect(screen.getByText("Debes seleccionar una calificación")).toBeTruthy();
    expect(field("Nombre").getAttribute("aria-invalid")).toBe("true");
    expect(field("Nombre").getAttribute("aria-describedby")).toBe(
      screen.getByText("El nombre debe tener al menos 2 caracteres").id,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads 'Enviando...' while sending, then thanks, clears the form and refreshes the reviews", async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(Date, "now").mockReturnValue(1_764_000_000_000);
    const { user, reviewsRead } = setup({ productId: 9 });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Enviar reseña" }));

    const sending = await screen.findByRole("button", { name: "Enviando..." });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/reviews");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      userName: "María López",
      userEmail: "maria@example.com",
      comment: "Las pupusas estaban deliciosas.",
      rating: 4,
      productId: 9,
      userId: "user-1764000000000",
    });

    answer(new Response(JSON.stringify({ id: 1 }), { status: 201 }));
    expect(await screen.findByText("Reseña enviada")).toBeTruthy();
    expect(
      screen.getByText("Tu reseña ha sido enviada y será revisada por un administrador"),
    ).toBeTruthy();
    await waitFor(() => expect(field("Nombre").value).toBe(""));
    expect(field("Tu reseña").value).toBe("");
    expect(
      screen.getAllByRole("radio").some((r) => r.getAttribute("aria-checked") === "true"),
    ).toBe(false);
    expect(reviewsRead).toHaveBeenCalledTimes(1);
    await screen.findByRole("button", { name: "Enviar reseña" });
  });

  it("keeps what was typed and shows the failure toast when sending fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("boom", { status: 500 })),
    );
    const { user, reviewsRead } = setup({ merchantId: 1 });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Enviar reseña" }));
    expect(await screen.findByText("Error")).toBeTruthy();
    expect(screen.getByText("No se pudo enviar la reseña. Inténtalo de nuevo.")).toBeTruthy();
    expect(field("Nombre").value).toBe("María López");
    expect(reviewsRead).not.toHaveBeenCalled();
  });
});
