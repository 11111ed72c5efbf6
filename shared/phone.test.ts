import { describe, expect, it } from "vitest";
import {
  formatPhone,
  formatPhoneInput,
  isSalvadoranMobile,
  normalizePhone,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  phoneDigits,
  telUrl,
  whatsappUrl,
} from "./phone";

describe("PHONE_PATTERN", () => {
  it("accepts exactly '+000 0000-0000'", () => {
    expect(PHONE_PATTERN.test("+503 7000-0001")).toBe(true);
    expect(PHONE_PATTERN.test("+503 70000001")).toBe(false);
    expect(PHONE_PATTERN.test("503 7000-0001")).toBe(false);
    expect(PHONE_PATTERN.test("+503 7000-00012")).toBe(false);
  });

  it("has the spec's message", () => {
    expect(PHONE_MESSAGE).toBe("Formato requerido: +000 0000-0000");
  });
});

describe("formatPhoneInput", () => {
  it.each([
    ["", ""],
    ["5", "+5"],
    ["503", "+503"],
    ["5037", "+503 7"],
    ["5037000", "+503 7000"],
    ["50370000", "+503 7000-0"],
    ["50370000001", "+503 7000-0001"],
  ])("formats %j progressively as %j", (raw, formatted) => {
    expect(formatPhoneInput(raw)).toBe(formatted);
  });

  it("formats pasted text", () => {
    expect(formatPhoneInput("+503 7000-0001")).toBe("+503 7000-0001");
    expect(formatPhoneInput("503-7000 0001")).toBe("+503 7000-0001");
    expect(formatPhoneInput("(503) 7000.0001")).toBe("+503 7000-0001");
  });

  it("ignores letters and is idempotent", () => {
    expect(formatPhoneInput("abc")).toBe("");
    expect(formatPhoneInput(formatPhoneInput("5037000"))).toBe("+503 7000");
  });

  it("caps at 11 digits and 14 characters", () => {
    const formatted = formatPhoneInput("5037000000123456");
    expect(formatted).toBe("+503 7000-0001");
    expect(formatted).toHaveLength(PHONE_INPUT_MAX_LENGTH);
    expect(PHONE_PATTERN.test(formatted)).toBe(true);
  });
});

describe("local Salvadoran numbers", () => {
  it.each([
    ["70000000", "+503 7000-0000"],
    ["60001234", "+503 6000-1234"],
    ["22223333", "+503 2222-3333"],
    ["7000-0000", "+503 7000-0000"],
    ["7000 0000", "+503 7000-0000"],
  ])("reads 8 digits starting with 2, 6 or 7 (%j) as +503: %j", (raw, formatted) => {
    expect(formatPhoneInput(raw)).toBe(formatted);
    expect(PHONE_PATTERN.test(formatted)).toBe(true);
  });

  it("shows fewer digits as the general formatter does, and reads the 8th as local", () => {
    const typed = "70000000";
    const seen = [...typed].map((_, i) => formatPhoneInput(typed.slice(0, i + 1)));
    expect(seen).toEqual([
      "+7",
      "+70",
      "+700",
      "+700 0",
      "+700 00",
      "+700 000",
      "+700 0000",
      "+503 7000-0000",
    ]);
  });

  it("reads the previous value plus the new digit like the input does", () => {
    // The input hands over what it shows plus the key: "+700 0000" and a "0".
    expect(formatPhoneInput("+700 00000")).toBe("+503 7000-0000");
    // A local number already read stays as it is; deleting a digit leaves 10.
    expect(formatPhoneInput("+503 7000-0000")).toBe("+503 7000-0000");
    expect(formatPhoneInput("+503 7000-000")).toBe("+503 7000-000");
  });

  it("keeps the general formatter for everything else", () => {
    // Typed with the country code, digit by digit: never read as local.
    const typed = "50370000001";
    const seen = [...typed].map((_, i) => formatPhoneInput(typed.slice(0, i + 1)));
    expect(seen.slice(5)).toEqual([
      "+503 700",
      "+503 7000",
      "+503 7000-0",
      "+503 7000-00",
      "+503 7000-000",
      "+503 7000-0001",
    ]);
    expect(formatPhoneInput("80000000")).toBe("+800 0000-0");
    expect(formatPhoneInput("50370000")).toBe("+503 7000-0");
    expect(formatPhoneInput("7000000")).toBe("+700 0000");
    expect(formatPhoneInput("700000001")).toBe("+700 0000-01");
  });
});

describe("normalizePhone", () => {
  it("gives a local number written with digits, spaces, hyphens or dots +503", () => {
    expect(normalizePhone("70000000")).toBe("+503 7000-0000");
    expect(normalizePhone("7000-0000")).toBe("+503 7000-0000");
    expect(normalizePhone("2222 3333")).toBe("+503 2222-3333");
    expect(normalizePhone("6000.1234")).toBe("+503 6000-1234");
  });

  it("leaves everything else as it is, for the pattern to judge", () => {
    for (const value of [
      "+503 7000-0000",
      "+7000-0000",
      "80000000",
      "7000000",
      "700000001",
      "503 7000-0000",
      "tel 70000000",
      "",
    ]) {
      expect(normalizePhone(value)).toBe(value);
    }
  });
});

describe("formatPhone", () => {
  it("groups 3, 4 and the rest after a plus sign", () => {
    expect(formatPhone("50322223333")).toBe("+503 2222-3333");
    expect(formatPhone("1234567")).toBe("+123 4567");
    expect(formatPhone("12345678")).toBe("+123 4567-8");
  });

  it("keeps only the first 11 digits", () => {
    expect(formatPhone("+1 (234) 567-8901-234")).toBe("+123 4567-8901");
  });
});

describe("phoneDigits", () => {
  it("keeps digits only", () => {
    expect(phoneDigits("+503 7000-0001")).toBe("50370000001");
    expect(phoneDigits("n/a")).toBe("");
  });
});

describe("whatsappUrl", () => {
  it("links to the digits", () => {
    expect(whatsappUrl("+503 7000-0001")).toBe("https://wa.me/50370000001");
  });

  it("adds the encoded text", () => {
    expect(whatsappUrl("+503 7000-0001", "Hola, me interesa el producto: Café & pan?")).toBe(
      "https://wa.me/50370000001?text=Hola%2C%20me%20interesa%20el%20producto%3A%20Caf%C3%A9%20%26%20pan%3F",
    );
  });

  it("omits an empty text", () => {
    expect(whatsappUrl("50370000001", "")).toBe("https://wa.me/50370000001");
  });
});

describe("telUrl", () => {
  it("dials the digits with a plus sign", () => {
    expect(telUrl("+503 2222-3333")).toBe("tel:+50322223333");
  });
});

describe("isSalvadoranMobile", () => {
  it("accepts +503 numbers starting with 6 or 7", () => {
    expect(isSalvadoranMobile("+503 7000-0001")).toBe(true);
    expect(isSalvadoranMobile("+503 6123-4567")).toBe(true);
  });

  it("rejects landlines, other countries and wrong lengths", () => {
    expect(isSalvadoranMobile("+503 2222-3333")).toBe(false);
    expect(isSalvadoranMobile("+502 7000-0001")).toBe(false);
    expect(isSalvadoranMobile("+503 7000-000")).toBe(false);
  });
});
