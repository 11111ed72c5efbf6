import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OpenNowBadge } from "./open-now-badge";
import { ScheduleTable } from "./schedule-table";

const WEEK = JSON.stringify({
  monday: { open: "09:00", close: "18:00" },
  tuesday: { open: "00:00", close: "12:00" },
  wednesday: { open: "08:30" },
  thursday: { close: "17:00" },
  friday: { open: "09:00", close: "18:00", closed: true },
  saturday: {},
});

function rowText(day: string) {
  const header = screen.getByRole("rowheader", { name: day });
  return header.closest("tr")!.querySelector("td")!.textContent;
}

describe("ScheduleTable", () => {
  it("shows every day in Spanish with 12-hour times", () => {
    render(<ScheduleTable schedule={WEEK} />);
    expect(screen.getAllByRole("row")).toHaveLength(7);
    expect(rowText("Lunes")).toBe("9:00am - 6:00pm");
    expect(rowText("Martes")).toBe("12:00am - 12:00pm");
  });

  it("writes 'Desde x', 'Hasta x' and 'Cerrado'", () => {
    render(<ScheduleTable schedule={WEEK} />);
    expect(rowText("Miércoles")).toBe("Desde 8:30am");
    expect(rowText("Jueves")).toBe("Hasta 5:00pm");
    expect(rowText("Viernes")).toBe("Cerrado");
    expect(rowText("Sábado")).toBe("Cerrado");
    expect(rowText("Domingo")).toBe("Cerrado");
  });

  it("reads the registration form's lines", () => {
    render(<ScheduleTable schedule={"Lunes: 09:00 - 18:00\nDomingo: Cerrado"} />);
    expect(rowText("Lunes")).toBe("9:00am - 6:00pm");
    expect(rowText("Domingo")).toBe("Cerrado");
  });

  it("says 'Horario no disponible' when the schedule can't be read", () => {
    render(<ScheduleTable schedule="cuando abramos" />);
    expect(screen.getByText("Horario no disponible")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

// Monday 2 March 2026; El Salvador is UTC-6 all year.
const MONDAY_10AM_SV = "2026-03-02T16:00:00Z";
const MONDAY_8PM_SV = "2026-03-03T02:00:00Z"; // Tuesday 02:00 in UTC
const MONDAY_HOURS = "Lunes: 09:00 - 18:00\nMartes: Cerrado";

describe("OpenNowBadge", () => {
  afterEach(() => vi.useRealTimers());

  it("says 'Abierto ahora' during opening hours in El Salvador", () => {
    vi.useFakeTimers({ now: new Date(MONDAY_10AM_SV) });
    render(<OpenNowBadge schedule={MONDAY_HOURS} />);
    expect(screen.getByText("Abierto ahora")).toBeTruthy();
  });

  it("says 'Cerrado ahora' after closing in El Salvador, though it is already Tuesday in UTC", () => {
    vi.useFakeTimers({ now: new Date(MONDAY_8PM_SV) });
    render(<OpenNowBadge schedule={MONDAY_HOURS} />);
    expect(screen.getByText("Cerrado ahora")).toBeTruthy();
  });

  it("renders the loader's instant on the server, so hydration matches", () => {
    const html = renderToString(
      <OpenNowBadge schedule={MONDAY_HOURS} initialNow={MONDAY_10AM_SV} />,
    );
    expect(html).toContain("Abierto ahora");
    expect(renderToString(<OpenNowBadge schedule={MONDAY_HOURS} />)).toBe("");
  });

  it("follows the clock after mount", () => {
    vi.useFakeTimers({ now: new Date("2026-03-02T23:59:00Z") }); // Monday 17:59
    render(<OpenNowBadge schedule={MONDAY_HOURS} />);
    expect(screen.getByText("Abierto ahora")).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Cerrado ahora")).toBeTruthy();
  });

  it("shows nothing for an unreadable schedule", () => {
    vi.useFakeTimers({ now: new Date(MONDAY_10AM_SV) });
    const { container } = render(<OpenNowBadge schedule="???" />);
    expect(container.textContent).toBe("");
  });
});
