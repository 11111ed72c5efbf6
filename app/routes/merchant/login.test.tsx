import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  LOGIN_LINK_INVALID_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
} from "../../../shared/merchant-sign-in";
import { jsonResponse, stubFetch } from "../../test/test-utils";
import MerchantLogin from "./login";

const TOKEN = "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c";
const ME = {
  email: "hola@laceiba.com.sv",
  merchants: [{ id: 7, name: "La Ceiba", slug: "la-ceiba" }],
};

function renderLogin(path: string) {
  const Stub = createRoutesStub([
    { path: "/merchant/login", Component: MerchantLogin },
    { path: "/merchant", Component: () => <p>Portal cargado</p> },
  ]);
  // No QueryClientProvider: the page does without TanStack Query (issue 27).
  render(<Stub initialEntries={[path]} />);
  return { user: userEvent.setup({ delay: null }) };
}

afterEach(() => vi.unstubAllGlobals());

describe("/merchant/login with a token", () => {
  it("opening the link sends nothing: only the 'Entrar' button spends the token", async () => {
    const fetch = stubFetch({ "POST /api/merchant/login": () => jsonResponse(ME) });
    const { user } = renderLogin(`/merchant/login?token=${TOKEN}`);
    const enter = await screen.findByRole("button", { name: "Entrar" });
    expect(fetch).not.toHaveBeenCalled();

    await user.click(enter);
    expect(await screen.findByText("Portal cargado")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      "/api/merchant/login",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ token: TOKEN }) }),
    );
  });

  it("a used or expired link shows the server's message and a way to ask for a new one", async () => {
    const fetch = stubFetch({
      "POST /api/merchant/login": () => jsonResponse({ message: LOGIN_LINK_INVALID_MESSAGE }, 401),
      "POST /api/merchant/login-link": () =>
        jsonResponse({ message: LOGIN_LINK_SENT_MESSAGE }, 202),
    });
    const { user } = renderLogin(`/merchant/login?token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "Entrar" }));

    expect((await screen.findByRole("alert")).textContent).toBe(LOGIN_LINK_INVALID_MESSAGE);
    expect(screen.queryByText("Portal cargado")).toBeNull();
    await user.type(screen.getByLabelText("Correo electrónico"), "hola@laceiba.com.sv");
    await user.click(screen.getByRole("button", { name: "Enviarme un enlace" }));
    expect((await screen.findByRole("status")).textContent).toContain(LOGIN_LINK_SENT_MESSAGE);
    expect(fetch).toHaveBeenLastCalledWith(
      "/api/merchant/login-link",
      expect.objectContaining({ body: JSON.stringify({ email: "hola@laceiba.com.sv" }) }),
    );
  });
});

describe("/merchant/login without a token", () => {
  it("checks the address by the field before sending anything", async () => {
    const fetch = stubFetch({});
    const { user } = renderLogin("/merchant/login");
    await user.type(await screen.findByLabelText("Correo electrónico"), "no-es-correo");
    await user.click(screen.getByRole("button", { name: "Enviarme un enlace" }));
    const input = screen.getByLabelText("Correo electrónico");
    // The schema loads on the form's first focus (issue 27): its verdict may come a moment later.
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById(input.getAttribute("aria-describedby") ?? "");
    expect(message?.textContent).toBe("Por favor ingresa un email válido");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("clears the address's message once it is corrected", async () => {
    stubFetch({});
    const { user } = renderLogin("/merchant/login");
    const input = await screen.findByLabelText("Correo electrónico");
    await user.type(input, "hola@laceiba");
    await user.click(screen.getByRole("button", { name: "Enviarme un enlace" }));
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(input);

    await user.type(input, ".com.sv");
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBeNull());
    expect(screen.queryByText("Por favor ingresa un email válido")).toBeNull();
  });

  it("gives the same answer for any address", async () => {
    stubFetch({
      "POST /api/merchant/login-link": () =>
        jsonResponse({ message: LOGIN_LINK_SENT_MESSAGE }, 202),
    });
    const { user } = renderLogin("/merchant/login");
    await user.type(await screen.findByLabelText("Correo electrónico"), "nadie@ejemplo.com");
    await user.click(screen.getByRole("button", { name: "Enviarme un enlace" }));
    expect((await screen.findByRole("status")).textContent).toContain(
      "Si el correo está registrado, te enviamos un enlace",
    );
  });
});
