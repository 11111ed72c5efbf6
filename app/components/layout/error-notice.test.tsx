import { render, screen } from "@testing-library/react";
import { createRoutesStub, useRouteError } from "react-router";
import { describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../../../shared/service-messages";
import { ErrorNotice, routeErrorTexts } from "./error-notice";

function Boundary() {
  const texts = routeErrorTexts(useRouteError(), {
    notFound: { title: "Comercio no encontrado", text: "El comercio que buscas no existe." },
    other: { title: "Algo salió mal", text: "Intenta de nuevo en un momento." },
  });
  return <ErrorNotice {...texts} link={{ to: "/", label: "Volver al inicio" }} />;
}

/** A page whose loader fails the way the server's does (a thrown Response, or an error). */
function renderFailing(failure: () => never) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => null, loader: failure, ErrorBoundary: Boundary },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("routeErrorTexts", () => {
  it("says the page's own words for a 404", async () => {
    renderFailing(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "Comercio no encontrado" })).toBeTruthy();
  });

  it("says the service is unavailable for a 503 (the database restarting)", async () => {
    renderFailing(() => {
      throw Response.json({ message: SERVICE_UNAVAILABLE_MESSAGE }, { status: 503 });
    });
    expect(await screen.findByRole("heading", { name: "Servicio no disponible" })).toBeTruthy();
    expect(screen.getByText("Servicio no disponible, intenta de nuevo")).toBeTruthy();
  });

  it("falls back to the general words for anything else", async () => {
    renderFailing(() => {
      throw new Error("boom");
    });
    expect(await screen.findByRole("heading", { name: "Algo salió mal" })).toBeTruthy();
  });
});
