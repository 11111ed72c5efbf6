import { describe, expect, it } from "vitest";
import { deliversTo, findMunicipality, servesMunicipality, type DeliveryFacts } from "./delivery";
import {
  formatCalendarDay,
  formatSpanishTime,
  openState,
  openStateLabel,
  scheduleRanges,
  svMoment,
  weekRanges,
} from "./open-now";

// El Salvador is UTC−6 all year: 15:00Z is 09:00 there.
const sv = (local: string) => new Date(`${local}-06:00`);
// 2026-11-23 is a Monday.
const MONDAY = "2026-11-23";

const weekdays = JSON.stringify({
  monday: { open: "09:00", close: "18:00" },
  tuesday: { open: "09:00", close: "18:00" },
  saturday: { open: "18:00", close: "02:00" },
  sunday: { open: "20:00", close: "01:00" },
});

describe("weekRanges", () => {
  it("stores a range past midnight into the next day, and Sunday's into Monday morning", () => {
    expect(scheduleRanges(weekdays)).toEqual([
      { start: 0, end: 60 },
      { start: 540, end: 1080 },
      { start: 1440 + 540, end: 1440 + 1080 },
      { start: 5 * 1440 + 1080, end: 6 * 1440 + 120 },
      { start: 6 * 1440 + 1200, end: 7 * 1440 },
    ]);
  });

  it("merges overlapping ranges and reads closed days as none", () => {
    expect(
      weekRanges({
        monday: { open: "20:00", close: "03:00" },
        tuesday: { open: "01:00", close: "05:00" },
        wednesday: { closed: true, open: "09:00", close: "10:00" },
      }),
    ).toEqual([{ start: 1200, end: 1440 + 300 }]);
  });

  it("is empty for an unreadable schedule", () => {
    expect(scheduleRanges("no sé")).toEqual([]);
  });
});

describe("openState", () => {
  it("reads the clock in El Salvador, not UTC", () => {
    // 16:30Z on Monday is 10:30 in San Salvador: open; 23:30Z is 17:30, still open.
    expect(openState({ schedule: weekdays }, new Date(`${MONDAY}T16:30:00Z`))).toEqual({
      open: true,
    });
    // 01:00Z on Tuesday is still Monday 19:00 there: closed, though UTC says Tuesday.
    expect(openState({ schedule: weekdays }, new Date("2026-11-24T01:00:00Z"))?.open).toBe(false);
    expect(svMoment(new Date("2026-11-24T01:00:00Z"))).toEqual({
      date: MONDAY,
      dayMinute: 19 * 60,
      weekMinute: 19 * 60,
    });
  });

  it("says when it opens later today, and nothing once today's hours are over", () => {
    const early = openState({ schedule: weekdays }, sv(`${MONDAY}T07:15:00`));
    expect(early).toEqual({ open: false, reason: "closed", opensAt: "09:00" });
    expect(openStateLabel(early!)).toBe("Abre a las 9:00 a. m.");
    const late = openState({ schedule: weekdays }, sv(`${MONDAY}T18:00:00`));
    expect(openStateLabel(late!)).toBe("Cerrado ahora");
  });

  it("is open after midnight on a range that started the day before, Sunday into Monday too", () => {
    expect(openState({ schedule: weekdays }, sv("2026-11-29T01:30:00"))?.open).toBe(true); // Sunday
    expect(openState({ schedule: weekdays }, sv("2026-11-29T02:00:00"))?.open).toBe(false);
    expect(openState({ schedule: weekdays }, sv(`${MONDAY}T00:30:00`))?.open).toBe(true);
    expect(openState({ schedule: weekdays }, sv(`${MONDAY}T01:00:00`))?.open).toBe(false);
  });

  it("is closed on a day without hours", () => {
    expect(openState({ schedule: weekdays }, sv("2026-11-25T12:00:00"))).toEqual({
      open: false,
      reason: "closed",
      opensAt: null,
    });
  });

  it("lets a special date replace the day: closed, or other hours", () => {
    const holiday = { date: MONDAY, closed: true, open: null, close: null };
    expect(
      openState({ schedule: weekdays, specialDates: [holiday] }, sv(`${MONDAY}T10:00:00`))?.open,
    ).toBe(false);
    const short = { date: MONDAY, closed: false, open: "10:00", close: "12:00" };
    const facts = { schedule: weekdays, specialDates: [short] };
    expect(openState(facts, sv(`${MONDAY}T09:30:00`))).toEqual({
      open: false,
      reason: "closed",
      opensAt: "10:00",
    });
    expect(openState(facts, sv(`${MONDAY}T11:59:00`))?.open).toBe(true);
    expect(openState(facts, sv(`${MONDAY}T12:00:00`))?.open).toBe(false);
    // The whole day: Sunday night's range does not run into a closed Monday.
    expect(
      openState({ schedule: weekdays, specialDates: [holiday] }, sv(`${MONDAY}T00:30:00`))?.open,
    ).toBe(false);
    // Another day's special date changes nothing today.
    expect(
      openState(
        { schedule: weekdays, specialDates: [{ ...holiday, date: "2026-11-24" }] },
        sv(`${MONDAY}T10:00:00`),
      )?.open,
    ).toBe(true);
  });

  it("is never open while temporarily closed", () => {
    const state = openState(
      { schedule: weekdays, temporarilyClosed: true },
      sv(`${MONDAY}T10:00:00`),
    );
    expect(state).toEqual({ open: false, reason: "temporarily-closed", opensAt: null });
    expect(openStateLabel(state!)).toBe("Cerrado temporalmente");
  });

  it("gives no state for an unreadable schedule", () => {
    expect(openState({ schedule: "??" }, sv(`${MONDAY}T10:00:00`))).toBeNull();
  });

  it("writes times the Spanish way", () => {
    expect(formatSpanishTime("00:00")).toBe("12:00 a. m.");
    expect(formatSpanishTime("12:30")).toBe("12:30 p. m.");
    expect(formatSpanishTime("21:05")).toBe("9:05 p. m.");
  });

  it("says a special date with its weekday, whatever the time zone", () => {
    expect(formatCalendarDay("2026-12-25")).toBe("viernes, 25 de diciembre");
    expect(formatCalendarDay("2027-01-03")).toBe("domingo, 3 de enero");
    expect(formatCalendarDay("2026-09-16")).toBe("miércoles, 16 de septiembre");
  });
});

describe("split hours (issue 36)", () => {
  const lunch = "Lunes: 09:00 - 12:00, 14:00 - 18:00\nMartes: Cerrado";

  it("stores one range per opening, as merchant_hours keeps them", () => {
    expect(scheduleRanges(lunch)).toEqual([
      { start: 540, end: 720 },
      { start: 840, end: 1080 },
    ]);
    expect(
      scheduleRanges({
        monday: {
          ranges: [
            { open: "09:00", close: "12:00" },
            { open: "14:00", close: "18:00" },
          ],
          closed: false,
        },
      }),
    ).toEqual(scheduleRanges(lunch));
  });

  it("is open in each range and says the second opening of the day at lunch", () => {
    expect(openState({ schedule: lunch }, sv(`${MONDAY}T10:00:00`))).toEqual({ open: true });
    const atLunch = openState({ schedule: lunch }, sv(`${MONDAY}T12:30:00`));
    expect(atLunch).toEqual({ open: false, reason: "closed", opensAt: "14:00" });
    expect(openStateLabel(atLunch!)).toBe("Abre a las 2:00 p. m.");
    expect(openStateLabel(openState({ schedule: lunch }, sv(`${MONDAY}T07:00:00`))!)).toBe(
      "Abre a las 9:00 a. m.",
    );
    expect(openState({ schedule: lunch }, sv(`${MONDAY}T15:00:00`))).toEqual({ open: true });
    expect(openState({ schedule: lunch }, sv(`${MONDAY}T18:30:00`))).toEqual({
      open: false,
      reason: "closed",
      opensAt: null,
    });
  });
});

describe("delivery", () => {
  const merchant: DeliveryFacts = {
    department: "San Salvador",
    municipality: "San Salvador Centro",
    fulfillment: "both",
    deliveryArea: "department",
    deliveryMunicipalities: [],
  };

  it("finds a municipality whatever its accents and case", () => {
    expect(findMunicipality("la libertad  costa")).toEqual({
      name: "La Libertad Costa",
      department: "La Libertad",
    });
    expect(findMunicipality("Cabanas Este")?.name).toBe("Cabañas Este");
    expect(findMunicipality("Narnia")).toBeUndefined();
  });

  it("delivers to its department, a list, or the country; pickup delivers nowhere", () => {
    expect(deliversTo(merchant, "San Salvador Sur")).toBe(true);
    expect(deliversTo(merchant, "La Libertad Sur")).toBe(false);
    const listed = {
      ...merchant,
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["La Libertad Sur"],
    } as const;
    expect(deliversTo(listed, "La Libertad Sur")).toBe(true);
    expect(deliversTo(listed, "San Salvador Sur")).toBe(false);
    expect(deliversTo({ ...merchant, deliveryArea: "country" }, "La Unión Sur")).toBe(true);
    expect(deliversTo({ ...merchant, fulfillment: "pickup" }, "San Salvador Sur")).toBe(false);
  });

  it("serves where it is located even without delivery", () => {
    const shop = { ...merchant, fulfillment: "pickup" } as const;
    expect(servesMunicipality(shop, "San Salvador Centro")).toBe(true);
    expect(servesMunicipality(shop, "San Salvador Sur")).toBe(false);
  });
});
