import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PhoneInput } from "./phone-input";

function Harness({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <label>
      Teléfono
      <PhoneInput value={value} onChange={setValue} />
    </label>
  );
}

const input = () => screen.getByLabelText("Teléfono") as HTMLInputElement;

describe("PhoneInput", () => {
  it("is a phone field with the spec's placeholder and max length", () => {
    render(<Harness />);
    expect(input()).toHaveProperty("placeholder", "+503 7000-0000");
    expect(input().maxLength).toBe(14);
    expect(input().getAttribute("inputmode")).toBe("tel");
  });

  it("formats the digits as they are typed", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), "503");
    expect(input().value).toBe("+503");
    await user.type(input(), "7");
    expect(input().value).toBe("+503 7");
    await user.type(input(), "0000001");
    expect(input().value).toBe("+503 7000-0001");
  });

  it("accepts only digits", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), "abc5x03-7");
    expect(input().value).toBe("+503 7");
  });

  it("stops at 14 characters (11 digits)", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), "5037000000199");
    expect(input().value).toBe("+503 7000-0001");
    expect(input().value).toHaveLength(14);
  });

  it("formats pasted text, even when it is longer than the field", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(input());
    await user.paste("(503) 7000-0001");
    expect(input().value).toBe("+503 7000-0001");
  });

  it("formats a paste into part of the value", async () => {
    const user = userEvent.setup();
    render(<Harness initial="+503" />);
    await user.click(input());
    await user.paste("7000 0002");
    expect(input().value).toBe("+503 7000-0002");
  });

  it("reads 8 digits starting with 2, 6 or 7 as a local number: +503 comes with the 8th", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), "7000000");
    expect(input().value).toBe("+700 0000");
    await user.type(input(), "0");
    expect(input().value).toBe("+503 7000-0000");
    // The field is full: a 9th digit is not taken.
    await user.type(input(), "1");
    expect(input().value).toBe("+503 7000-0000");
    // Deleting a digit leaves the general formatter's 10 digits, ready for another one.
    await user.type(input(), "{Backspace}");
    expect(input().value).toBe("+503 7000-000");
    await user.type(input(), "5");
    expect(input().value).toBe("+503 7000-0005");
  });

  it("reads fixed lines and mobiles alike, and nothing else", async () => {
    const user = userEvent.setup();
    for (const [typed, shown] of [
      ["22223333", "+503 2222-3333"],
      ["61234567", "+503 6123-4567"],
      ["80000000", "+800 0000-0"],
      ["50370000", "+503 7000-0"],
    ]) {
      const { unmount } = render(<Harness />);
      await user.type(input(), typed);
      expect(input().value).toBe(shown);
      unmount();
    }
  });

  it("formats a pasted local number", async () => {
    const user = userEvent.setup();
    for (const pasted of ["7000-0000", "7000 0000", "70000000"]) {
      const { unmount } = render(<Harness />);
      await user.click(input());
      await user.paste(pasted);
      expect(input().value).toBe("+503 7000-0000");
      unmount();
    }
  });
});
