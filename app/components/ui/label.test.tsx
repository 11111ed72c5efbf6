import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Label } from "./label";

describe("Label", () => {
  it("names its field and focuses it on click", async () => {
    render(
      <>
        <Label htmlFor="name">Nombre</Label>
        <input id="name" />
      </>,
    );
    await userEvent.setup().click(screen.getByText("Nombre"));
    expect(document.activeElement).toBe(screen.getByLabelText("Nombre"));
  });

  it("keeps a double click from selecting its text, but not inside a control", () => {
    const onMouseDown = vi.fn();
    render(
      <Label onMouseDown={onMouseDown}>
        Cantidad <input aria-label="Cantidad" />
      </Label>,
    );
    const double = (target: Element) => !fireEvent.mouseDown(target, { detail: 2 });
    expect(double(screen.getByText(/Cantidad/))).toBe(true);
    expect(double(screen.getByRole("textbox"))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByText(/Cantidad/), { detail: 1 })).toBe(true);
    expect(onMouseDown).toHaveBeenCalledTimes(2);
  });
});
