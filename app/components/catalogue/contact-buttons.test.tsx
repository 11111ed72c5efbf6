import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactButtons, ProductViewBeacon, reportContactEvent } from "./contact-buttons";

// jsdom cannot follow tel:, mailto: or WhatsApp links: keep the clicks from navigating.
const stayOnPage = (event: Event) => event.preventDefault();
beforeEach(() => document.addEventListener("click", stayOnPage));
afterEach(() => {
  document.removeEventListener("click", stayOnPage);
  vi.unstubAllGlobals();
});

function stubBeacon() {
  const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
  vi.stubGlobal("navigator", { ...navigator, sendBeacon });
  return sendBeacon;
}

/** jsdom's Blob has no text(): read it the old way. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function sent(beacon: ReturnType<typeof stubBeacon>, call = 0) {
  const [url, body] = beacon.mock.calls[call];
  return { url, type: body.type, body: JSON.parse(await blobText(body)) as unknown };
}

describe("ContactButtons' counter", () => {
  it("reports each press to /api/events with the merchant and the product", async () => {
    const beacon = stubBeacon();
    render(
      <ContactButtons
        phone="+503 2222-0000"
        whatsapp="+503 7000-0001"
        email="hola@laceiba.com.sv"
        merchantId={7}
        productId={3}
      />,
    );
    fireEvent.click(screen.getByRole("link", { name: /WhatsApp/ }));
    fireEvent.click(screen.getByRole("link", { name: "Llamar" }));
    fireEvent.click(screen.getByRole("link", { name: "Email" }));
    expect(beacon).toHaveBeenCalledTimes(3);
    expect(await sent(beacon, 0)).toEqual({
      url: "/api/events",
      type: "application/json",
      body: { type: "whatsapp", merchantId: 7, productId: 3 },
    });
    expect((await sent(beacon, 1)).body).toEqual({ type: "call", merchantId: 7, productId: 3 });
    expect((await sent(beacon, 2)).body).toEqual({ type: "email", merchantId: 7, productId: 3 });
  });

  it("counts nothing without a merchant id", () => {
    const beacon = stubBeacon();
    render(<ContactButtons phone="+503 2222-0000" />);
    fireEvent.click(screen.getByRole("link", { name: "Llamar" }));
    expect(beacon).not.toHaveBeenCalled();
  });

  it("a product page counts one view", async () => {
    const beacon = stubBeacon();
    render(<ProductViewBeacon merchantId={7} productId={3} />);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect((await sent(beacon)).body).toEqual({ type: "view", merchantId: 7, productId: 3 });
  });

  it("without sendBeacon, posts the count as a request that outlives the page", async () => {
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: undefined });
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    reportContactEvent({ type: "whatsapp", merchantId: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/events");
    expect(init).toMatchObject({
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
    });
    expect(JSON.parse(String(init?.body))).toEqual({ type: "whatsapp", merchantId: 7 });
  });

  it("a refused count is ignored: the contact link still works", async () => {
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: undefined });
    const fetchMock = vi.fn(async () =>
      Response.json({ message: "Demasiadas solicitudes", code: "rate_limited" }, { status: 429 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      expect(() => reportContactEvent({ type: "call", merchantId: 7 })).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
