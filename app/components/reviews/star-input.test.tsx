import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { StarInput } from "./star-input";

function Harness() {
  const [value, setValue] = useState(0);
  return (
    <>
      <span id="label">Calificación</span>
      <StarInput value={value} onChange={setValue} labelledBy="label" />
      <output>{value}</output>
    </>
  );
}

const checked = () =>
  screen.getAllByRole("radio").filter((r) => r.getAttribute("aria-checked") === "true");

describe("StarInput", () => {
  it("is a labelled radio group of five stars with nothing chosen", () => {
    render(<Harness />);
    expect(screen.getByRole("radiogroup", { name: "Calificación" })).toBeTruthy();
    expect(screen.getAllByRole("radio")).toHaveLength(5);
    expect(checked()).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe("0");
  });

  it("chooses the clicked star", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("radio", { name: "4 estrellas" }));
    expect(screen.getByRole("status").textContent).toBe("4");
    expect(checked().map((r) => r.getAttribute("aria-label"))).toEqual(["4 estrellas"]);
  });

  it("has one tab stop and moves with the arrow keys, within 1 to 5", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "1 estrella" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("status").textContent).toBe("1");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("status").textContent).toBe("3");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "3 estrellas" }));
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("status").textContent).toBe("2");
    await user.keyboard("{End}{ArrowRight}");
    expect(screen.getByRole("status").textContent).toBe("5");
    await user.keyboard("{Home}{ArrowLeft}");
    expect(screen.getByRole("status").textContent).toBe("1");
    expect(screen.getAllByRole("radio").filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });
});
