import { describe, expect, it } from "vitest";
import { formatLongDate, formatLongDateTime } from "./dates";

describe("formatLongDate", () => {
  it("writes the Spanish long form", () => {
    expect(formatLongDate("2026-11-21T15:00:00Z")).toBe("21 de noviembre de 2026");
    expect(formatLongDate(new Date("2025-01-05T12:00:00Z"))).toBe("5 de enero de 2025");
  });

  it("uses El Salvador's date, not UTC's", () => {
    // 03:00 UTC on the 22nd is 21:00 on the 21st in El Salvador.
    expect(formatLongDate("2026-11-22T03:00:00Z")).toBe("21 de noviembre de 2026");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatLongDate("no es fecha")).toBe("");
  });
});

describe("formatLongDateTime", () => {
  it("adds the time in El Salvador", () => {
    const text = formatLongDateTime("2026-11-22T03:05:00Z");
    expect(text).toMatch(/^21 de noviembre de 2026\D+21:05$/);
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatLongDateTime(new Date(Number.NaN))).toBe("");
  });
});
