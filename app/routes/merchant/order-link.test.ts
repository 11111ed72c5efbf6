import { describe, expect, it } from "vitest";
import { loader } from "./order-link";
import type { Route } from "./+types/order-link";

const load = (merchantId: string, orderId: string) =>
  loader({
    params: { merchantId, orderId },
    request: new Request(`https://tiangue.test/merchant/orders/${merchantId}/${orderId}`),
  } as unknown as Route.LoaderArgs);

/** What the loader threw: a 404 is React Router's data() with its status. */
function thrown(call: () => unknown): { init?: { status?: number } } {
  try {
    call();
  } catch (error) {
    return error as { init?: { status?: number } };
  }
  throw new Error("no error thrown");
}

describe("/merchant/orders/{merchantId}/{orderId} (issue 35)", () => {
  it("redirects to the portal's 'Pedidos' with that merchant and order", () => {
    const response = load("7", "1234");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/merchant?comercio=7&tab=pedidos&pedido=1234");
  });

  it.each([
    ["abc", "1"],
    ["7", "1x"],
    ["0", "1"],
    ["7", "-1"],
    ["07", "1"],
    ["7", "12345678901"],
  ])("answers 404 for merchant %j, order %j", (merchantId, orderId) => {
    expect(thrown(() => load(merchantId, orderId)).init?.status).toBe(404);
  });
});
