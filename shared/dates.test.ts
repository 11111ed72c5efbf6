import { describe, expect, it } from "vitest";
import { formatLongDate, formatLongDateTime, svDateOf, svWallClock } from "./dates";

describe("svWallClock", () => {
  it("reads the clock the tz database gives America/El_Salvador, every 7 hours from 2000 to 2040", () => {
    // Intl is the reference here only: the browser is spared its start-up cost (dates.ts).
    const reference = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/El_Salvador",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const step = 7 * 60 * 60 * 1000 + 13 * 60 * 1000;
    let checked = 0;
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2040, 0, 1); t += step) {
      const instant = new Date(t);
      const sv = svWallClock(instant);
      const parts = Object.fromEntries(
        reference.formatToParts(instant).map((part) => [part.type, part.value]),
      );
      const expected = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
      const actual = `${svDateOf(instant)} ${String(sv.getUTCHours()).padStart(2, "0")}:${String(sv.getUTCMinutes()).padStart(2, "0")}`;
      if (actual !== expected) expect(actual).toBe(expected);
      checked++;
    }
    expect(checked).toBeGreaterThan(45_000);
  });
});

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
    expect(formatLongDateTime("2026-11-22T03:05:00Z")).toBe("21 de noviembre de 2026, 21:05");
    expect(formatLongDateTime("2026-11-21T06:00:00Z")).toBe("21 de noviembre de 2026, 00:00");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatLongDateTime(new Date(Number.NaN))).toBe("");
  });
});
