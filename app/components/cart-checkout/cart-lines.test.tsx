import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { CartItemDto } from "../../../shared/api-types";
import { cartTotal } from "../../lib/cart-api";
import { cartItemCount } from "../../lib/cart-store";
import { CartLines, cartOrderMessage, groupCartByMerchant } from "./cart-lines";

function line(
  id: number,
  name: string,
  price: string,
  quantity: number,
  merchant: { id: number; name: string; whatsapp: string | null },
): CartItemDto {
  return {
    id,
    sessionId: "session_1_abc",
    productId: id * 10,
    quantity,
    createdAt: "2026-03-02T16:00:00.000Z",
    updatedAt: "2026-03-02T16:00:00.000Z",
    product: {
      id: id * 10,
      name,
      slug: name.toLowerCase().replace(/ /g, "-"),
      description: "",
      price,
      imageUrl: "/uploads/x.webp",
      images: [],
      merchantId: merchant.id,
      categoryId: 1,
      rating: "0.0",
      reviewCount: 0,
      isActive: true,
      createdAt: "2026-03-02T16:00:00.000Z",
      merchantName: merchant.name,
      merchantSlug: merchant.name.toLowerCase().replace(/ /g, "-"),
      merchantWhatsapp: merchant.whatsapp,
      merchantPhone: "+503 2222-0000",
      stock: null,
      soldOut: false,
      available: true,
      options: [],
      variants: [],
    },
    variantId: null,
    variantName: null,
    price,
  };
}

const PUPUSERIA = { id: 1, name: "Pupusería La Ceiba", whatsapp: "+503 7000-0001" };
const CAFE = { id: 2, name: "Café Las Nubes", whatsapp: null };

const ITEMS = [
  line(1, "Pupusas revueltas", "0.75", 2, PUPUSERIA),
  line(2, "Café de altura", "3.10", 3, CAFE),
  line(3, "Horchata", "1.75", 1, PUPUSERIA),
];

function renderLines(items: CartItemDto[]) {
  const onQuantityChange = vi.fn();
  const onRemove = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <CartLines items={items} onQuantityChange={onQuantityChange} onRemove={onRemove} />
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return { onQuantityChange, onRemove, user: userEvent.setup() };
}

describe("cart helpers", () => {
  it("groups lines by merchant in order of appearance, with exact subtotals", () => {
    const groups = groupCartByMerchant(ITEMS);
    expect(groups.map((g) => g.merchantName)).toEqual(["Pupusería La Ceiba", "Café Las Nubes"]);
    expect(groups[0].items.map((i) => i.product.name)).toEqual(["Pupusas revueltas", "Horchata"]);
    expect(groups.map((g) => g.subtotal)).toEqual(["3.25", "9.30"]);
  });

  it("counts quantities and totals price × quantity in cents", () => {
    expect(cartItemCount(ITEMS)).toBe(6);
    expect(cartTotal(ITEMS)).toBe("12.55");
    expect(cartTotal([line(9, "Chicle", "0.10", 3, CAFE)])).toBe("0.30");
  });

  it("writes the WhatsApp order with each line and the total", () => {
    const [pupuseria] = groupCartByMerchant(ITEMS);
    expect(cartOrderMessage(pupuseria.items)).toBe(
      "Hola, quiero hacer este pedido:\n" +
        "- 2 × Pupusas revueltas ($0.75 c/u) = $1.50\n" +
        "- 1 × Horchata ($1.75 c/u) = $1.75\n" +
        "Total: $3.25",
    );
  });
});

describe("CartLines", () => {
  it("shows each merchant with its lines, subtotal and grand total", () => {
    renderLines(ITEMS);
    const pupuseria = screen.getByRole("region", { name: "Pupusería La Ceiba" });
    expect(
      within(pupuseria).getByRole("link", { name: "Pupusería La Ceiba" }).getAttribute("href"),
    ).toBe("/merchants/pupusería-la-ceiba");
    expect(within(pupuseria).getByText("Pupusas revueltas")).toBeTruthy();
    expect(within(pupuseria).getByText("Horchata")).toBeTruthy();
    expect(within(pupuseria).queryByText("Café de altura")).toBeNull();
    expect(within(pupuseria).getByTestId("cart-subtotal").textContent).toBe("$3.25");
    expect(within(pupuseria).getByText("$0.75 c/u")).toBeTruthy();
    expect(screen.getByTestId("cart-total").textContent).toBe("$12.55");
    expect(screen.getByText("Total (6 artículos)")).toBeTruthy();
  });

  it("offers 'Pedir por WhatsApp' only to merchants with WhatsApp, with the order prefilled", () => {
    renderLines(ITEMS);
    const links = screen.getAllByRole("link", { name: "Pedir por WhatsApp" });
    expect(links).toHaveLength(1);
    const href = links[0].getAttribute("href")!;
    expect(href.startsWith("https://wa.me/50370000001?text=")).toBe(true);
    expect(decodeURIComponent(href.split("?text=")[1])).toContain("Total: $3.25");
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer");
    const cafe = screen.getByRole("region", { name: "Café Las Nubes" });
    expect(within(cafe).queryByRole("link", { name: "Pedir por WhatsApp" })).toBeNull();
  });

  it("changes quantities within 1 to 99 and removes lines", async () => {
    const { user, onQuantityChange, onRemove } = renderLines([
      line(1, "Pupusas revueltas", "0.75", 1, PUPUSERIA),
      line(2, "Café de altura", "3.10", 99, CAFE),
    ]);
    expect(
      (
        screen.getByRole("button", {
          name: "Disminuir cantidad de Pupusas revueltas",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(
      (
        screen.getByRole("button", {
          name: "Aumentar cantidad de Café de altura",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    await user.click(
      screen.getByRole("button", { name: "Aumentar cantidad de Pupusas revueltas" }),
    );
    expect(onQuantityChange).toHaveBeenLastCalledWith(10, 2);
    await user.click(screen.getByRole("button", { name: "Disminuir cantidad de Café de altura" }));
    expect(onQuantityChange).toHaveBeenLastCalledWith(20, 98);

    const typed = screen.getByRole("spinbutton", { name: "Cantidad de Pupusas revueltas" });
    await user.clear(typed);
    await user.type(typed, "150{Enter}");
    expect(onQuantityChange).toHaveBeenLastCalledWith(10, 99);

    await user.click(screen.getByRole("button", { name: "Eliminar Café de altura del carrito" }));
    expect(onRemove).toHaveBeenCalledWith(20);
  });
});
