import { describe, expect, it } from "vitest";
import {
  DEFAULT_REGISTRATION_HOURS,
  describeDay,
  formatTime12,
  isOpenNow,
  parseSchedule,
  SCHEDULE_UNAVAILABLE,
  scheduleRows,
  scheduleToJson,
  scheduleToText,
  svWeekdayAndMinute,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type WeekSchedule,
} from "./schedule";

const FORM_TEXT = [
  "Lunes: 09:00 - 18:00",
  "Martes: 09:00 - 18:00",
  "Miércoles: 09:00 - 18:00",
  "Jueves: 09:00 - 18:00",
  "Viernes: 09:00 - 18:00",
  "Sábado: 09:00 - 14:00",
  "Domingo: Cerrado",
].join("\n");

describe("weekdays", () => {
  it("runs monday to sunday with Spanish labels", () => {
    expect(WEEKDAYS).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(WEEKDAYS.map((d) => WEEKDAY_LABELS[d])).toEqual([
      "Lunes",
      "Martes",
      "Miércoles",
      "Jueves",
      "Viernes",
      "Sábado",
      "Domingo",
    ]);
  });
});

describe("parseSchedule", () => {
  it("reads an object keyed by weekday", () => {
    expect(
      parseSchedule({
        monday: { open: "09:00", close: "18:00" },
        sunday: { closed: true },
        extra: 1,
      }),
    ).toEqual({ monday: { open: "09:00", close: "18:00" }, sunday: { closed: true } });
  });

  it("reads Spanish keys and day values written as text", () => {
    expect(parseSchedule({ Lunes: "9:00-17:00", sábado: "cerrado" })).toEqual({
      monday: { open: "09:00", close: "17:00" },
      saturday: { closed: true },
    });
  });

  it("keeps the times of a closed day and drops closed: false", () => {
    expect(parseSchedule({ sunday: { open: "10:00", close: "16:00", closed: true } })).toEqual({
      sunday: { open: "10:00", close: "16:00", closed: true },
    });
    expect(parseSchedule({ monday: { open: "10:00", close: "16:00", closed: false } })).toEqual({
      monday: { open: "10:00", close: "16:00" },
    });
  });

  it("skips empty days of an object", () => {
    expect(parseSchedule({ monday: null, tuesday: { open: "08:00" } })).toEqual({
      tuesday: { open: "08:00" },
    });
  });

  it("reads a JSON string", () => {
    expect(
      parseSchedule(' {"monday":{"open":"8:30","close":"17:00"},"tuesday":{"closed":true}} '),
    ).toEqual({
      monday: { open: "08:30", close: "17:00" },
      tuesday: { closed: true },
    });
  });

  it("reads comma-separated text in English or Spanish", () => {
    expect(
      parseSchedule(
        "monday: 09:00-18:00, tuesday: closed, Miercoles: 7:00 - 12:00, JUEVES: Cerrado",
      ),
    ).toEqual({
      monday: { open: "09:00", close: "18:00" },
      tuesday: { closed: true },
      wednesday: { open: "07:00", close: "12:00" },
      thursday: { closed: true },
    });
  });

  it("reads the registration form's lines", () => {
    const week = parseSchedule(FORM_TEXT);
    expect(week?.monday).toEqual({ open: "09:00", close: "18:00" });
    expect(week?.saturday).toEqual({ open: "09:00", close: "14:00" });
    expect(week?.sunday).toEqual({ closed: true });
    expect(parseSchedule(FORM_TEXT.replace(/\n/g, "\r\n"))).toEqual(week);
  });

  it("reads 12-hour times and open-only or close-only days", () => {
    expect(parseSchedule("Lunes: 9:00am - 6:30 p.m.\nMartes: 09:00 -\nMiércoles: - 13:00")).toEqual(
      {
        monday: { open: "09:00", close: "18:30" },
        tuesday: { open: "09:00" },
        wednesday: { close: "13:00" },
      },
    );
  });

  it.each([
    ["empty", ""],
    ["blank", "   \n "],
    ["garbage", "abierto siempre"],
    ["no day", "09:00 - 18:00"],
    ["unknown day", "funday: 09:00-10:00"],
    ["bad time", "monday: 25:00-26:00"],
    ["bad minutes", "monday: 09:60-10:00"],
    ["no times", "monday: -"],
    ["bad JSON", "{monday:"],
    ["JSON array", "[1,2]"],
    ["object without days", { foo: "bar" }],
    ["bad day value", { monday: { open: 9 } }],
    ["bad closed flag", { monday: { closed: "yes" } }],
    ["array", []],
    ["number", 42],
    ["null", null],
    ["undefined", undefined],
  ])("returns null for %s", (_, input) => {
    expect(parseSchedule(input)).toBeNull();
  });
});

describe("formatTime12", () => {
  it.each([
    ["00:00", "12:00am"],
    ["09:05", "9:05am"],
    ["9:05", "9:05am"],
    ["11:59", "11:59am"],
    ["12:00", "12:00pm"],
    ["18:30", "6:30pm"],
    ["23:59", "11:59pm"],
  ])("shows %s as %s", (time, shown) => {
    expect(formatTime12(time)).toBe(shown);
  });

  it("returns unreadable text unchanged", () => {
    expect(formatTime12("tarde")).toBe("tarde");
  });
});

describe("describeDay", () => {
  it("describes each kind of day", () => {
    expect(describeDay({ open: "09:00", close: "18:00" })).toBe("9:00am - 6:00pm");
    expect(describeDay({ open: "09:00" })).toBe("Desde 9:00am");
    expect(describeDay({ close: "18:00" })).toBe("Hasta 6:00pm");
    expect(describeDay({ open: "09:00", close: "18:00", closed: true })).toBe("Cerrado");
    expect(describeDay({})).toBe("Cerrado");
    expect(describeDay(undefined)).toBe("Cerrado");
  });
});

describe("scheduleRows", () => {
  it("gives a row per weekday with missing days closed", () => {
    expect(scheduleRows("monday: 09:00-18:00, saturday: 09:00-12:00")).toEqual([
      { day: "monday", label: "Lunes", text: "9:00am - 6:00pm" },
      { day: "tuesday", label: "Martes", text: "Cerrado" },
      { day: "wednesday", label: "Miércoles", text: "Cerrado" },
      { day: "thursday", label: "Jueves", text: "Cerrado" },
      { day: "friday", label: "Viernes", text: "Cerrado" },
      { day: "saturday", label: "Sábado", text: "9:00am - 12:00pm" },
      { day: "sunday", label: "Domingo", text: "Cerrado" },
    ]);
  });

  it("returns null for an unreadable schedule", () => {
    expect(scheduleRows("todo el día")).toBeNull();
    expect(SCHEDULE_UNAVAILABLE).toBe("Horario no disponible");
  });
});

describe("isOpenNow", () => {
  // El Salvador is UTC−6 all year: 2026-11-23 is a Monday.
  const at = (svDateTime: string) => new Date(`${svDateTime}-06:00`);

  it("reads the weekday and time in El Salvador, not UTC", () => {
    // 02:00 UTC on Tuesday is still Monday 20:00 in El Salvador.
    expect(svWeekdayAndMinute(new Date("2026-11-24T02:00:00Z"))).toEqual({
      day: "monday",
      minute: 20 * 60,
    });
  });

  it("is open between the opening and closing times", () => {
    const schedule = "monday: 09:00-18:00";
    expect(isOpenNow(schedule, at("2026-11-23T08:59"))).toBe(false);
    expect(isOpenNow(schedule, at("2026-11-23T09:00"))).toBe(true);
    expect(isOpenNow(schedule, at("2026-11-23T17:59"))).toBe(true);
    expect(isOpenNow(schedule, at("2026-11-23T18:00"))).toBe(false);
    expect(isOpenNow(schedule, at("2026-11-24T10:00"))).toBe(false);
  });

  it("is closed on a closed day even with times", () => {
    expect(isOpenNow(DEFAULT_REGISTRATION_HOURS, at("2026-11-29T12:00"))).toBe(false);
    expect(isOpenNow(DEFAULT_REGISTRATION_HOURS, at("2026-11-28T12:00"))).toBe(true);
  });

  it("treats open-only as open until midnight and close-only as open from midnight", () => {
    expect(isOpenNow({ monday: { open: "20:00" } }, at("2026-11-23T23:59"))).toBe(true);
    expect(isOpenNow({ monday: { open: "20:00" } }, at("2026-11-24T00:01"))).toBe(false);
    expect(isOpenNow({ monday: { close: "02:00" } }, at("2026-11-23T00:00"))).toBe(true);
    expect(isOpenNow({ monday: { close: "02:00" } }, at("2026-11-23T02:00"))).toBe(false);
  });

  it("keeps a day open past midnight when it closes earlier than it opens", () => {
    const schedule = { saturday: { open: "18:00", close: "02:00" } };
    expect(isOpenNow(schedule, at("2026-11-28T17:00"))).toBe(false);
    expect(isOpenNow(schedule, at("2026-11-28T23:30"))).toBe(true);
    expect(isOpenNow(schedule, at("2026-11-29T01:30"))).toBe(true);
    expect(isOpenNow(schedule, at("2026-11-29T02:00"))).toBe(false);
  });

  it("wraps from Sunday night into Monday", () => {
    expect(isOpenNow({ sunday: { open: "22:00", close: "03:00" } }, at("2026-11-30T01:00"))).toBe(
      true,
    );
  });

  it("returns null for an unreadable schedule", () => {
    expect(isOpenNow("", at("2026-11-23T10:00"))).toBeNull();
  });
});

describe("DEFAULT_REGISTRATION_HOURS", () => {
  it("follows spec §9", () => {
    for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"] as const) {
      expect(DEFAULT_REGISTRATION_HOURS[day]).toEqual({ open: "09:00", close: "18:00" });
    }
    expect(DEFAULT_REGISTRATION_HOURS.saturday).toEqual({ open: "09:00", close: "14:00" });
    expect(DEFAULT_REGISTRATION_HOURS.sunday).toEqual({
      open: "10:00",
      close: "16:00",
      closed: true,
    });
  });
});

describe("scheduleToText", () => {
  it("writes the registration form's lines", () => {
    expect(scheduleToText(DEFAULT_REGISTRATION_HOURS)).toBe(FORM_TEXT);
  });

  it("is read back by parseSchedule", () => {
    const week: WeekSchedule = {
      monday: { open: "07:30", close: "16:00" },
      tuesday: { open: "08:00" },
      wednesday: { close: "12:00" },
      thursday: { closed: true },
      friday: { open: "18:00", close: "02:00" },
      saturday: { closed: true },
      sunday: { closed: true },
    };
    expect(parseSchedule(scheduleToText(week))).toEqual(week);
  });

  it("writes missing days as closed", () => {
    expect(scheduleToText({ monday: { open: "09:00", close: "10:00" } })).toBe(
      "Lunes: 09:00 - 10:00\nMartes: Cerrado\nMiércoles: Cerrado\nJueves: Cerrado\nViernes: Cerrado\nSábado: Cerrado\nDomingo: Cerrado",
    );
  });
});

describe("scheduleToJson", () => {
  it("writes JSON keyed monday..sunday in order, keeping closed days' times", () => {
    const json = scheduleToJson({
      sunday: { open: "10:00", close: "16:00", closed: true },
      monday: { open: "09:00" },
    });
    expect(json).toBe(
      '{"monday":{"open":"09:00"},"sunday":{"open":"10:00","close":"16:00","closed":true}}',
    );
  });

  it("is read back by parseSchedule", () => {
    expect(parseSchedule(scheduleToJson(DEFAULT_REGISTRATION_HOURS))).toEqual(
      DEFAULT_REGISTRATION_HOURS,
    );
  });
});

describe("split days (issue 36)", () => {
  const LUNCH: WeekSchedule = {
    monday: {
      ranges: [
        { open: "09:00", close: "12:00" },
        { open: "14:00", close: "18:00" },
      ],
    },
  };

  it("reads a day of two ranges in the JSON, the registration's lines and text values", () => {
    expect(
      parseSchedule({
        monday: {
          ranges: [
            { open: "9:00", close: "12:00" },
            { open: "14:00", close: "18:00" },
          ],
          closed: false,
        },
      }),
    ).toEqual(LUNCH);
    expect(parseSchedule("Lunes: 09:00 - 12:00, 14:00 - 18:00\nMartes: Cerrado")).toEqual({
      ...LUNCH,
      tuesday: { closed: true },
    });
    expect(parseSchedule("monday: 09:00-12:00, 14:00-18:00, tuesday: closed")).toEqual({
      ...LUNCH,
      tuesday: { closed: true },
    });
    expect(parseSchedule({ lunes: "09:00 - 12:00, 14:00 - 18:00" })).toEqual(LUNCH);
  });

  it("reads one range in `ranges` as the spec's day and keeps a closed split day's times", () => {
    expect(parseSchedule({ monday: { ranges: [{ open: "09:00", close: "18:00" }] } })).toEqual({
      monday: { open: "09:00", close: "18:00" },
    });
    expect(
      parseSchedule({ monday: { ranges: LUNCH.monday!.ranges, closed: true } })?.monday,
    ).toEqual({ ranges: LUNCH.monday!.ranges, closed: true });
  });

  it("lets the second range close after midnight", () => {
    expect(parseSchedule("Viernes: 11:00 - 14:00, 18:00 - 01:00")?.friday).toEqual({
      ranges: [
        { open: "11:00", close: "14:00" },
        { open: "18:00", close: "01:00" },
      ],
    });
  });

  it.each([
    ["overlapping ranges", "Lunes: 09:00 - 14:00, 12:00 - 18:00"],
    ["ranges out of order", "Lunes: 14:00 - 18:00, 09:00 - 12:00"],
    ["three ranges", "Lunes: 07:00 - 09:00, 10:00 - 12:00, 14:00 - 18:00"],
    ["a range without its close", "Lunes: 09:00 - 12:00, 14:00 -"],
    ["a range after a closed day", "Lunes: Cerrado, 14:00 - 18:00"],
    ["a first range past midnight", "Lunes: 20:00 - 02:00, 03:00 - 05:00"],
    ["an empty list", { monday: { ranges: [] } }],
    ["ranges beside open/close", { monday: { open: "09:00", ranges: LUNCH.monday!.ranges } }],
    ["a bad range", { monday: { ranges: [{ open: "9" }] } }],
    ["ranges not a list", { monday: { ranges: "09:00-12:00" } }],
  ])("can't read %s", (_, input) => {
    expect(parseSchedule(input)).toBeNull();
  });

  it("shows both ranges on the merchant page in Spanish style", () => {
    expect(describeDay(LUNCH.monday)).toBe("9:00 a. m. – 12:00 p. m., 2:00 p. m. – 6:00 p. m.");
    expect(scheduleRows(LUNCH)?.[0]).toEqual({
      day: "monday",
      label: "Lunes",
      text: "9:00 a. m. – 12:00 p. m., 2:00 p. m. – 6:00 p. m.",
    });
    expect(describeDay({ ...LUNCH.monday, closed: true })).toBe("Cerrado");
  });

  it("writes the lines and the JSON, both read back", () => {
    const week: WeekSchedule = { ...LUNCH, tuesday: { open: "09:00", close: "18:00" } };
    const text = scheduleToText(week);
    expect(text.split("\n").slice(0, 2)).toEqual([
      "Lunes: 09:00 - 12:00, 14:00 - 18:00",
      "Martes: 09:00 - 18:00",
    ]);
    expect(parseSchedule(text)).toMatchObject(week);
    const json = scheduleToJson(week);
    expect(JSON.parse(json).monday).toEqual({ ranges: LUNCH.monday!.ranges, closed: false });
    expect(parseSchedule(json)).toEqual(week);
  });

  it("is open in each range and closed at lunch", () => {
    const at = (svDateTime: string) => new Date(`${svDateTime}-06:00`);
    expect(isOpenNow(LUNCH, at("2026-11-23T11:59"))).toBe(true);
    expect(isOpenNow(LUNCH, at("2026-11-23T12:00"))).toBe(false);
    expect(isOpenNow(LUNCH, at("2026-11-23T13:59"))).toBe(false);
    expect(isOpenNow(LUNCH, at("2026-11-23T14:00"))).toBe(true);
    expect(isOpenNow(LUNCH, at("2026-11-23T18:00"))).toBe(false);
    const late = "Viernes: 11:00 - 14:00, 18:00 - 01:00";
    expect(isOpenNow(late, at("2026-11-28T00:30"))).toBe(true); // Saturday after midnight
    expect(isOpenNow(late, at("2026-11-28T01:00"))).toBe(false);
  });
});
