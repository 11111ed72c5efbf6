import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated";

function Probe() {
  return <button disabled={!useHydrated()}>Enviar</button>;
}

describe("useHydrated", () => {
  it("is false in the server's HTML, so a form that needs JavaScript starts disabled", () => {
    expect(renderToString(<Probe />)).toContain("disabled");
  });

  it("is true once React runs the page", () => {
    render(<Probe />);
    expect(screen.getByRole("button", { name: "Enviar" }).hasAttribute("disabled")).toBe(false);
  });
});
