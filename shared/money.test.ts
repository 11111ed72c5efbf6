import { describe, expect, it } from "vitest";
import {
  centsToPrice,
  formatPrice,
  MAX_PRICE,
  multiplyPrice,
  parsePrice,
  priceToCents,
  sumPrices,
} from "./money";

describe("parsePrice", () => {
  it.each([
    [12, "12.00"],
    [12.5, "12.50"],
    [0, "0.00"],
    [0.1 + 0.2, "0.30"],
    ["12", "12.00"],
    ["12.5", "12.50"],
    [" 12.50 ", "12.50"],
    ["12,50", "12.50"],
    ["12,5", "12.50"],
    ["$12.50", "12.50"],
    ["$ 3", "3.00"],
    [".5", "0.50"],
    ["12.", "12.00"],
    ["007.10", "7.10"],
    ["1.005", "1.01"],
    ["1.004", "1.00"],
    ["0.995", "1.00"],
    [MAX_PRICE, MAX_PRICE],
    ["99999999.994", MAX_PRICE],
  ])("reads %j as %j", (input, price) => {
    expect(parsePrice(input)).toBe(price);
  });

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["negative number", -1],
    ["negative text", "-1"],
    ["empty", ""],
    ["blank", "   "],
    ["a dot", "."],
    ["words", "doce"],
    ["units", "12 USD"],
    ["exponent", "1e3"],
    ["tiny number written with an exponent", 1e-7],
    ["two dots", "1.2.3"],
    ["thousands comma", "1,234"],
    ["above the maximum", "100000000"],
    ["rounding above the maximum", "99999999.995"],
    ["huge number", 1e21],
    ["null", null],
    ["boolean", true],
  ])("rejects %s", (_, input) => {
    expect(parsePrice(input)).toBeNull();
  });
});

describe("cents", () => {
  it("converts both ways", () => {
    expect(priceToCents("12.34")).toBe(1234);
    expect(centsToPrice(5)).toBe("0.05");
    expect(centsToPrice(999_999_999_9)).toBe(MAX_PRICE);
  });
});

describe("formatPrice", () => {
  it("shows dollars with two decimals", () => {
    expect(formatPrice("12.5")).toBe("$12.50");
    expect(formatPrice(3)).toBe("$3.00");
    expect(formatPrice("0.00")).toBe("$0.00");
  });

  it("shows totals above MAX_PRICE", () => {
    expect(formatPrice("123456789.5")).toBe("$123456789.50");
  });

  it("shows text that isn't a price unchanged", () => {
    expect(formatPrice("consultar")).toBe("$consultar");
  });
});

describe("multiplyPrice", () => {
  it("multiplies exactly", () => {
    expect(multiplyPrice("0.10", 3)).toBe("0.30");
    expect(multiplyPrice("19.99", 99)).toBe("1979.01");
    expect(multiplyPrice("5.00", 0)).toBe("0.00");
  });

  it("refuses an invalid price or quantity", () => {
    expect(() => multiplyPrice("x", 2)).toThrow(RangeError);
    expect(() => multiplyPrice("1.00", 1.5)).toThrow(RangeError);
    expect(() => multiplyPrice("1.00", -1)).toThrow(RangeError);
  });
});

describe("sumPrices", () => {
  it("adds exactly", () => {
    expect(sumPrices(["0.10", "0.20"])).toBe("0.30");
    expect(sumPrices(Array(10).fill("0.10"))).toBe("1.00");
    expect(sumPrices([])).toBe("0.00");
  });

  it("can exceed MAX_PRICE for totals, and add such totals", () => {
    expect(sumPrices([MAX_PRICE, "0.01"])).toBe("100000000.00");
    expect(sumPrices([multiplyPrice(MAX_PRICE, 99), "0.01"])).toBe("9899999999.02");
  });

  it("refuses an invalid price", () => {
    expect(() => sumPrices(["1.00", "abc"])).toThrow(RangeError);
  });
});
