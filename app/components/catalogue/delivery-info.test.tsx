import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPublicMerchant } from "../../test/merchants";
import { DeliveryInfo } from "./delivery-info";

describe("DeliveryInfo (issue 36)", () => {
  it("lists the fees by place and the minimum order", () => {
    render(
      <DeliveryInfo
        today="2026-03-01"
        merchant={aPublicMerchant(1, {
          fulfillment: "delivery",
          deliveryArea: "municipalities",
          deliveryMunicipalities: ["Soyapango", "Ilopango"],
          deliveryFees: [
            { place: "Soyapango", fee: "2.00" },
            { place: "Ilopango", fee: "3.50" },
          ],
          minimumOrder: "10.00",
        })}
      />,
    );
    expect(screen.getByText("Entrega en Soyapango, Ilopango")).toBeTruthy();
    expect(screen.getByTestId("place-fees").textContent).toBe(
      "Envío: $2.00 en Soyapango, $3.50 en Ilopango",
    );
    expect(screen.getByText("Pedido mínimo: $10.00")).toBeTruthy();
  });

  it("shows no fees by place for pickup only, but still the minimum", () => {
    render(
      <DeliveryInfo
        today="2026-03-01"
        merchant={aPublicMerchant(2, {
          fulfillment: "pickup",
          deliveryFees: [{ place: "Soyapango", fee: "2.00" }],
          minimumOrder: "5.00",
        })}
      />,
    );
    expect(screen.queryByTestId("place-fees")).toBeNull();
    expect(screen.getByText("Pedido mínimo: $5.00")).toBeTruthy();
  });
});
