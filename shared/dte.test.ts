import { describe, expect, it } from "vitest";
import { dteLookupUrl, formatCalendarDay, readCalendarDay } from "./dte";
import { orderDteSchema } from "./schemas/dte";

describe("a DTE as the merchant records it", () => {
  it("keeps Hacienda's codes, of any UUID version and variant, upper-case", () => {
    expect(
      orderDteSchema.parse({
        code: "03754c2b-e078-3a11-e064-00144ffb12d3",
        issuedAt: "2026-12-03",
      }),
    ).toEqual({ code: "03754C2B-E078-3A11-E064-00144FFB12D3", issuedAt: "2026-12-03" });
  });

  it.each([
    "",
    "not-a-uuid",
    "03754C2B-E078-3A11-E064-00144FFB12D",
    "03754C2BE0783A11E06400144FFB12D3",
  ])("refuses the code %j", (code) => {
    expect(orderDteSchema.safeParse({ code, issuedAt: "2026-12-03" }).success).toBe(false);
  });

  it("reads a day, or an ISO date-time as El Salvador's day", () => {
    expect(readCalendarDay("2026-12-03")).toBe("2026-12-03");
    // 03:00 UTC is still the 2nd in El Salvador (UTC−6).
    expect(readCalendarDay("2026-12-03T03:00:00Z")).toBe("2026-12-02");
    expect(readCalendarDay("2026-12-03T10:00:00.000-06:00")).toBe("2026-12-03");
  });

  it.each(["1", "2026-02-30", "2026-13-01", "12/03/2026", "2026-12-03T10:00:00", "20261-01-01"])(
    "refuses the date %j",
    (issuedAt) => {
      expect(readCalendarDay(issuedAt)).toBeNull();
      expect(
        orderDteSchema.safeParse({ code: "03754C2B-E078-3A11-E064-00144FFB12D3", issuedAt })
          .success,
      ).toBe(false);
    },
  );

  it("links to Hacienda's public lookup with the code and the day", () => {
    expect(dteLookupUrl("03754c2b-e078-3a11-e064-00144ffb12d3", "2026-12-03")).toBe(
      "https://admin.factura.gob.sv/consultaPublica?ambiente=01&codGen=03754C2B-E078-3A11-E064-00144FFB12D3&fechaEmi=2026-12-03",
    );
    expect(formatCalendarDay("2026-12-03")).toBe("3 de diciembre de 2026");
  });
});
