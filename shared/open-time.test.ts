import { describe, expect, it } from "vitest";
import type { SpecialDate } from "./open-now";
import {
  OPEN_TIME_WINDOW_DAYS,
  openDeadline,
  openDeadlineInWeek,
  openMinutesBetween,
  openMinutesInWeek,
} from "./open-time";

// El Salvador is UTC−6 all year. 2026-06-01 is a Monday, 2026-06-07 a Sunday.
const sv = (local: string) => new Date(`${local}-06:00`);
const MINUTE = 60_000;

const EVERY_DAY = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const eightToSix = Object.fromEntries(EVERY_DAY.map((d) => [d, { open: "08:00", close: "18:00" }]));

const closedOn = (date: string): SpecialDate => ({ date, closed: true, open: null, close: null });
const openOn = (date: string, open: string, close: string): SpecialDate => ({
  date,
  closed: false,
  open,
  close,
});

describe("an order placed after closing", () => {
  const facts = { schedule: eightToSix };

  it("starts counting when the shop opens: 10 open minutes from 22:00 are 8:10 next day", () => {
    expect(openDeadline(facts, sv("2026-06-01T22:00:00"), 10)).toEqual(sv("2026-06-02T08:10:00"));
    // The same instants in UTC: 22:00 there is 04:00Z, 8:10 is 14:10Z.
    expect(openDeadline(facts, new Date("2026-06-02T04:00:00Z"), 10)?.toISOString()).toBe(
      "2026-06-02T14:10:00.000Z",
    );
    expect(openDeadline(facts, sv("2026-06-01T22:00:00"), 60)).toEqual(sv("2026-06-02T09:00:00"));
  });

  it("counts only the open minutes of the span, fractions included", () => {
    const placed = sv("2026-06-01T22:00:00");
    expect(openMinutesBetween(facts, placed, sv("2026-06-02T08:00:00"))).toBe(0);
    expect(openMinutesBetween(facts, placed, sv("2026-06-02T08:09:30"))).toBe(9.5);
    expect(openMinutesBetween(facts, placed, sv("2026-06-02T08:10:00"))).toBe(10);
    // From 17:00 to 09:00 next day: 60 minutes before closing, 60 after opening.
    expect(openMinutesBetween(facts, sv("2026-06-01T17:00:00"), sv("2026-06-02T09:00:00"))).toBe(
      120,
    );
    expect(openDeadline(facts, sv("2026-06-01T08:00:00"), 0.5)).toEqual(sv("2026-06-01T08:00:30"));
  });

  it("answers 0 when from is not before to", () => {
    const at = sv("2026-06-01T10:00:00");
    expect(openMinutesBetween(facts, at, sv("2026-06-01T09:00:00"))).toBe(0);
    expect(openMinutesBetween(facts, at, at)).toBe(0);
  });
});

describe("split hours (ranges given directly: 09:00–12:00 and 14:00–18:00 on Monday)", () => {
  const week = {
    ranges: [
      { start: 14 * 60, end: 18 * 60 },
      { start: 9 * 60, end: 12 * 60 },
    ],
  };

  it("skips the lunch break", () => {
    expect(openDeadlineInWeek(week, sv("2026-06-01T11:55:00"), 10)).toEqual(
      sv("2026-06-01T14:05:00"),
    );
    // 30 minutes before noon, 30 after 14:00.
    expect(openDeadlineInWeek(week, sv("2026-06-01T11:30:00"), 60)).toEqual(
      sv("2026-06-01T14:30:00"),
    );
    expect(openMinutesInWeek(week, sv("2026-06-01T11:55:00"), sv("2026-06-01T13:59:00"))).toBe(5);
    expect(openMinutesInWeek(week, sv("2026-06-01T08:00:00"), sv("2026-06-01T20:00:00"))).toBe(420);
  });

  it("waits a week for the next Monday once Monday's hours are over", () => {
    expect(openDeadlineInWeek(week, sv("2026-06-01T17:55:00"), 10)).toEqual(
      sv("2026-06-08T09:05:00"),
    );
  });

  it("does not count overlapping ranges twice", () => {
    const overlapping = { ranges: [...week.ranges, { start: 11 * 60, end: 15 * 60 }] };
    // 09:00–18:00 without a break: 540 minutes.
    expect(
      openMinutesInWeek(overlapping, sv("2026-06-01T00:00:00"), sv("2026-06-02T00:00:00")),
    ).toBe(540);
  });
});

describe("split hours from a stored schedule (issue 36)", () => {
  const facts = { schedule: "Lunes: 09:00 - 12:00, 14:00 - 18:00" };

  it("counts the morning and the afternoon, not the lunch break", () => {
    expect(openMinutesBetween(facts, sv("2026-06-01T11:30:00"), sv("2026-06-01T14:30:00"))).toBe(
      60,
    );
    expect(openDeadline(facts, sv("2026-06-01T11:55:00"), 10)).toEqual(sv("2026-06-01T14:05:00"));
  });
});

describe("special dates", () => {
  it("skip a day closed all day", () => {
    const facts = { schedule: eightToSix, specialDates: [closedOn("2026-06-02")] };
    // 5 minutes Monday before 18:00, Tuesday closed, 5 more on Wednesday.
    expect(openDeadline(facts, sv("2026-06-01T17:55:00"), 10)).toEqual(sv("2026-06-03T08:05:00"));
    expect(openMinutesBetween(facts, sv("2026-06-02T00:00:00"), sv("2026-06-03T00:00:00"))).toBe(0);
  });

  it("replace a day's hours: only open–close counts that day", () => {
    const facts = {
      schedule: eightToSix,
      specialDates: [
        openOn("2026-12-24", "08:00", "12:00"),
        openOn("2026-12-26", "13:00", "15:00"),
      ],
    };
    expect(openMinutesBetween(facts, sv("2026-12-24T00:00:00"), sv("2026-12-25T00:00:00"))).toBe(
      240,
    );
    // 10 minutes before the early close, then Friday 25th's usual 08:00.
    expect(openDeadline(facts, sv("2026-12-24T11:50:00"), 60)).toEqual(sv("2026-12-25T08:50:00"));
    // Saturday 26th opens only at 13:00, though the week says 08:00.
    expect(openMinutesBetween(facts, sv("2026-12-26T08:00:00"), sv("2026-12-26T13:00:00"))).toBe(0);
    expect(openMinutesBetween(facts, sv("2026-12-26T08:00:00"), sv("2026-12-26T18:00:00"))).toBe(
      120,
    );
  });

  it("take the first entry of a date written twice, as the badge does", () => {
    const facts = {
      schedule: eightToSix,
      specialDates: [closedOn("2026-06-02"), openOn("2026-06-02", "08:00", "18:00")],
    };
    expect(openMinutesBetween(facts, sv("2026-06-02T00:00:00"), sv("2026-06-03T00:00:00"))).toBe(0);
  });

  it("read a close at or before the open as closed, like the badge", () => {
    const facts = { schedule: eightToSix, specialDates: [openOn("2026-06-02", "20:00", "02:00")] };
    expect(openMinutesBetween(facts, sv("2026-06-02T00:00:00"), sv("2026-06-03T00:00:00"))).toBe(0);
  });
});

describe("hours past midnight", () => {
  // Saturday 2026-06-06 from 18:00 to Sunday 02:00.
  const facts = { schedule: { saturday: { open: "18:00", close: "02:00" } } };

  it("run on into the next day", () => {
    expect(openDeadline(facts, sv("2026-06-06T23:55:00"), 10)).toEqual(sv("2026-06-07T00:05:00"));
    expect(openMinutesBetween(facts, sv("2026-06-06T20:00:00"), sv("2026-06-07T20:00:00"))).toBe(
      360,
    );
  });

  it("stop at midnight when the next day is a special date", () => {
    const closedSunday = { ...facts, specialDates: [closedOn("2026-06-07")] };
    expect(
      openMinutesBetween(closedSunday, sv("2026-06-06T20:00:00"), sv("2026-06-07T03:00:00")),
    ).toBe(240);
  });
});

describe("across the week's end", () => {
  it("carries Sunday night into Monday morning, then Monday's own hours", () => {
    const facts = {
      schedule: {
        sunday: { open: "20:00", close: "01:00" },
        monday: { open: "09:00", close: "10:00" },
      },
    };
    // Sunday 23:30–24:00 (30), Monday 00:00–01:00 (60), Monday 09:00–09:30 (30).
    expect(openMinutesBetween(facts, sv("2026-06-07T23:30:00"), sv("2026-06-08T09:30:00"))).toBe(
      120,
    );
    expect(openDeadline(facts, sv("2026-06-07T23:30:00"), 100)).toEqual(sv("2026-06-08T09:10:00"));
  });

  it("goes from Sunday's closing to Monday's opening", () => {
    const facts = {
      schedule: {
        sunday: { open: "10:00", close: "16:00" },
        monday: { open: "09:00", close: "18:00" },
      },
    };
    expect(openDeadline(facts, sv("2026-06-07T15:55:00"), 10)).toEqual(sv("2026-06-08T09:05:00"));
  });
});

describe("hours unknown", () => {
  const from = sv("2026-06-01T22:00:00");

  it("count every minute when the schedule is missing, unreadable or never open", () => {
    for (const schedule of [null, "no sé", { monday: { closed: true } }]) {
      expect(openMinutesBetween({ schedule }, from, sv("2026-06-01T23:30:00"))).toBe(90);
      expect(openDeadline({ schedule }, from, 10)).toEqual(sv("2026-06-01T22:10:00"));
    }
  });

  it("still skip a special date closed all day", () => {
    const facts = { schedule: null, specialDates: [closedOn("2026-06-02")] };
    expect(openMinutesBetween(facts, sv("2026-06-01T00:00:00"), sv("2026-06-03T00:00:00"))).toBe(
      1440,
    );
    expect(openDeadline(facts, sv("2026-06-01T23:55:00"), 10)).toEqual(sv("2026-06-03T00:05:00"));
  });
});

describe("a stopped clock", () => {
  it("counts nothing while temporarily closed, and has no deadline", () => {
    const facts = { schedule: eightToSix, temporarilyClosed: true };
    expect(openMinutesBetween(facts, sv("2026-06-01T08:00:00"), sv("2026-06-02T18:00:00"))).toBe(0);
    expect(openDeadline(facts, sv("2026-06-01T08:00:00"), 10)).toBeNull();
  });

  it("has no deadline when the shop opens too little within the window", () => {
    const from = sv("2026-06-01T00:00:00");
    const always = { schedule: null };
    const windowMinutes = OPEN_TIME_WINDOW_DAYS * 1440;
    expect(OPEN_TIME_WINDOW_DAYS).toBe(60);
    expect(openDeadline(always, from, windowMinutes)?.getTime()).toBe(
      from.getTime() + 60 * 1440 * MINUTE,
    );
    expect(openDeadline(always, from, windowMinutes + 1)).toBeNull();
    // Eight to six every day, but every day of the window a holiday.
    const holidays = Array.from({ length: 61 }, (_, i) =>
      closedOn(new Date(Date.UTC(2026, 5, 1 + i)).toISOString().slice(0, 10)),
    );
    expect(openDeadline({ schedule: eightToSix, specialDates: holidays }, from, 1)).toBeNull();
  });
});

describe("long spans", () => {
  it("add up day by day: 59 days of 10 hours", () => {
    // 2026-06-01 + 59 days is 2026-07-30.
    const facts = { schedule: eightToSix };
    expect(openMinutesBetween(facts, sv("2026-06-01T00:00:00"), sv("2026-07-30T00:00:00"))).toBe(
      59 * 600,
    );
  });

  it("count no further than the window", () => {
    const from = sv("2026-06-01T00:00:00");
    expect(openMinutesBetween({ schedule: null }, from, sv("2026-10-01T00:00:00"))).toBe(60 * 1440);
  });
});
