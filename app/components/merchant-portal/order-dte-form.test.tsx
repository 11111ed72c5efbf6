import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DTE_CODE_MESSAGE } from "../../../shared/dte";
import { dismissToast } from "../../lib/toast";
import { aPortalOrder } from "../../test/portal-orders";
import { jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";
import { OrderDteForm } from "./order-dte-form";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const CODE = "3F2504E0-4F89-11D3-9A0C-0305E82C3301";
const URL = "/api/merchant/7/orders/1/dte";

describe("the portal order card's DTE (issue 37)", () => {
  it("sends the código de generación and the date, and shows the server's message at its field", async () => {
    const sent: unknown[] = [];
    stubFetch({
      [`PUT ${URL}`]: (body) => {
        sent.push(body);
        return sent.length === 1
          ? jsonResponse(
              {
                message: DTE_CODE_MESSAGE,
                code: "validation",
                errors: [{ path: "code", message: DTE_CODE_MESSAGE }],
              },
              400,
            )
          : jsonResponse({
              orderId: 1,
              code: CODE,
              issuedAt: "2026-12-03",
              lookupUrl: "x",
              recordedAt: "2026-12-03T16:00:00.000Z",
            });
      },
    });
    const { user } = renderAdmin(<OrderDteForm order={aPortalOrder({ id: 1 })} merchantId={7} />);
    await user.click(screen.getByText("Registrar DTE (factura electrónica)"));
    await user.type(screen.getByLabelText("Código de generación"), "123");
    const date = screen.getByLabelText("Fecha de emisión");
    await user.clear(date);
    await user.type(date, "2026-12-03");
    await user.click(screen.getByRole("button", { name: "Guardar DTE" }));
    expect(await screen.findByText(DTE_CODE_MESSAGE)).toBeTruthy();
    expect(sent[0]).toEqual({ code: "123", issuedAt: "2026-12-03" });

    await user.clear(screen.getByLabelText("Código de generación"));
    await user.type(screen.getByLabelText("Código de generación"), CODE);
    await user.click(screen.getByRole("button", { name: "Guardar DTE" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(await screen.findByText("DTE registrado")).toBeTruthy();
  });

  it("shows a recorded DTE with Hacienda's lookup, and lets the merchant correct it", async () => {
    const lookupUrl = `https://admin.factura.gob.sv/consultaPublica?ambiente=01&codGen=${CODE}&fechaEmi=2026-12-03`;
    const { user } = renderAdmin(
      <OrderDteForm
        order={aPortalOrder({ id: 1, dte: { code: CODE, issuedAt: "2026-12-03", lookupUrl } })}
        merchantId={7}
      />,
    );
    expect(screen.getByText(/3 de diciembre de 2026/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver en Hacienda" }).getAttribute("href")).toBe(
      lookupUrl,
    );
    await user.click(screen.getByRole("button", { name: "Corregir DTE" }));
    expect((screen.getByLabelText("Código de generación") as HTMLInputElement).value).toBe(CODE);
  });
});
