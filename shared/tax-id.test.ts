import { describe, expect, it } from "vitest";
import { merchantRegistrationSchema } from "./schemas/merchant-registration";
import { normalizeLegalIdentity } from "./schemas/legal-identity";
import {
  DUI_CHECK_DIGIT_MESSAGE,
  duiCheckDigit,
  formatTaxId,
  LEGAL_NAME_NEEDED_MESSAGE,
  readTaxId,
  TAX_ID_MESSAGE,
  TAX_ID_NEEDED_MESSAGE,
} from "./tax-id";
import { taxIdLine } from "./legal-identity";

describe("DUI check digit (weights 9 to 2, 10 − sum mod 10)", () => {
  it.each([
    ["04567890", 3],
    ["12345678", 4],
    ["00000001", 8],
    ["01234567", 8],
  ])("%s → %i", (first8, digit) => {
    expect(duiCheckDigit(first8)).toBe(digit);
  });

  it("accepts known-valid DUIs however they are typed, in their written form", () => {
    expect(readTaxId("04567890-3")).toEqual({ ok: true, kind: "dui", value: "04567890-3" });
    expect(formatTaxId("045678903")).toBe("04567890-3");
    expect(formatTaxId(" 12345678 - 4 ")).toBe("12345678-4");
  });

  it("refuses a DUI whose check digit does not match, saying so", () => {
    for (const wrong of ["04567890-0", "12345678-0", "98765432-1"]) {
      expect(readTaxId(wrong)).toEqual({ ok: false, message: DUI_CHECK_DIGIT_MESSAGE });
    }
  });
});

describe("NIT", () => {
  it("takes 14 digits and writes them 0000-000000-000-0", () => {
    expect(readTaxId("06141505851015")).toEqual({
      ok: true,
      kind: "nit",
      value: "0614-150585-101-5",
    });
    expect(formatTaxId("0614-150585-101-5")).toBe("0614-150585-101-5");
    expect(formatTaxId("0614 150585 101 5")).toBe("0614-150585-101-5");
  });

  it.each([
    "",
    "1234",
    "061415058510155",
    "ABCD-EFGHIJ-KLM-N",
    "0614-150585-101-5x",
    "0000-000000-000-0",
    "00000000-0",
  ])("refuses %j", (text) => {
    expect(readTaxId(text)).toEqual({ ok: false, message: TAX_ID_MESSAGE });
  });

  it("labels each kind where it is shown", () => {
    expect(taxIdLine("0614-150585-101-5")).toBe("NIT 0614-150585-101-5");
    expect(taxIdLine("04567890-3")).toBe("DUI 04567890-3");
    expect(taxIdLine(null)).toBeNull();
  });
});

describe("the forms' and the API's legal identity fields", () => {
  const base = {
    name: "Pupusería Doña Tere",
    description: "Pupusas de queso con loroco.",
    address: "Calle Arce 123",
    phone: "+503 2222-0000",
    email: "tere@ejemplo.sv",
    categoryId: 1,
    schedule: "Lunes: 09:00 - 18:00",
  };

  it("leaves them out of spec §7's payload (kept as stored)", () => {
    const parsed = merchantRegistrationSchema.parse(base);
    expect(normalizeLegalIdentity(parsed)).toEqual({ legalName: undefined, taxId: undefined });
  });

  it("stores a valid pair in its written form, and empty as removed", () => {
    const parsed = merchantRegistrationSchema.parse({
      ...base,
      legalName: " Teresa Alvarado de López ",
      taxId: "045678903",
    });
    expect(normalizeLegalIdentity(parsed)).toEqual({
      legalName: "Teresa Alvarado de López",
      taxId: "04567890-3",
    });
    const cleared = merchantRegistrationSchema.parse({ ...base, legalName: "", taxId: "" });
    expect(normalizeLegalIdentity(cleared)).toEqual({ legalName: null, taxId: null });
  });

  it("answers each field's Spanish message: a wrong DUI, a name without number and back", () => {
    const issues = (input: object) =>
      merchantRegistrationSchema.safeParse({ ...base, ...input }).error?.issues.map((i) => ({
        path: i.path.join("."),
        message: i.message,
      }));
    expect(issues({ legalName: "Teresa", taxId: "04567890-0" })).toEqual([
      { path: "taxId", message: DUI_CHECK_DIGIT_MESSAGE },
    ]);
    expect(issues({ legalName: "Teresa", taxId: "" })).toEqual([
      { path: "taxId", message: TAX_ID_NEEDED_MESSAGE },
    ]);
    expect(issues({ legalName: null, taxId: "0614-150585-101-5" })).toEqual([
      { path: "legalName", message: LEGAL_NAME_NEEDED_MESSAGE },
    ]);
    expect(issues({ legalName: "x".repeat(201), taxId: "04567890-3" })?.[0]?.path).toBe(
      "legalName",
    );
  });
});
