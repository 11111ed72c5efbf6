import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_REGISTRATION_HOURS,
  parseSchedule,
  scheduleToText,
} from "../../../shared/schedule";
import { HoursEditor, ScheduleField, type WeekHours, writeSchedule } from "./hours-editor";

function Harness() {
  const [hours, setHours] = useState<WeekHours>(DEFAULT_REGISTRATION_HOURS);
  return (
    <>
      <HoursEditor value={hours} onChange={setHours} />
      <pre data-testid="text">{scheduleToText(hours)}</pre>
    </>
  );
}

const time = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const box = (name: RegExp) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("HoursEditor", () => {
  it("starts with the default hours: weekdays 9-18, Saturday 9-14, Sunday 10-16 and closed", () => {
    render(<Harness />);
    for (const day of ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes"]) {
      expect(time(new RegExp(`Abre el ${day}`)).value).toBe("09:00");
      expect(time(new RegExp(`Cierra el ${day}`)).value).toBe("18:00");
      expect(box(new RegExp(`Cerrado el ${day}`)).checked).toBe(false);
    }
    expect(time(/Abre el Sábado/).value).toBe("09:00");
    expect(time(/Cierra el Sábado/).value).toBe("14:00");
    expect(time(/Abre el Domingo/).value).toBe("10:00");
    expect(time(/Cierra el Domingo/).value).toBe("16:00");
    expect(box(/Cerrado el Domingo/).checked).toBe(true);
    expect(time(/Abre el Domingo/).disabled).toBe(true);
    expect(screen.getByTestId("text").textContent).toBe(
      [
        "Lunes: 09:00 - 18:00",
        "Martes: 09:00 - 18:00",
        "Miércoles: 09:00 - 18:00",
        "Jueves: 09:00 - 18:00",
        "Viernes: 09:00 - 18:00",
        "Sábado: 09:00 - 14:00",
        "Domingo: Cerrado",
      ].join("\n"),
    );
  });

  it("opens a closed day and closes an open one", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(/Cerrado el Domingo/));
    await user.click(box(/Cerrado el Lunes/));
    const text = screen.getByTestId("text").textContent;
    expect(text).toContain("Domingo: 10:00 - 16:00");
    expect(text).toContain("Lunes: Cerrado");
    expect(time(/Abre el Lunes/).disabled).toBe(true);
  });

  it("changes a time", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const close = time(/Cierra el Sábado/);
    await user.clear(close);
    await user.type(close, "16:30");
    expect(screen.getByTestId("text").textContent).toContain("Sábado: 09:00 - 16:30");
  });
});

describe("HoursEditor's second range (issue 36)", () => {
  const button = (name: string) => screen.getByRole("button", { name });
  const exact = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

  it("splits a day at lunch, writes both ranges and joins them back", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(button("Agregar otro horario el Lunes"));
    expect(exact("Abre el Lunes").value).toBe("09:00");
    expect(exact("Cierra el Lunes").value).toBe("12:00");
    expect(exact("Reabre el Lunes (segundo horario)").value).toBe("14:00");
    expect(exact("Cierra el Lunes (segundo horario)").value).toBe("18:00");
    expect(screen.getByTestId("text").textContent?.split("\n")[0]).toBe(
      "Lunes: 09:00 - 12:00, 14:00 - 18:00",
    );
    const reopen = exact("Reabre el Lunes (segundo horario)");
    await user.clear(reopen);
    await user.type(reopen, "15:00");
    expect(screen.getByTestId("text").textContent?.split("\n")[0]).toBe(
      "Lunes: 09:00 - 12:00, 15:00 - 18:00",
    );
    await user.click(button("Quitar segundo horario del Lunes"));
    expect(screen.queryByLabelText("Reabre el Lunes (segundo horario)")).toBeNull();
    expect(screen.getByTestId("text").textContent?.split("\n")[0]).toBe("Lunes: 09:00 - 18:00");
  });

  it("adds an empty range to a day that doesn't cross lunch, and a closed day adds none", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(button("Agregar otro horario el Sábado"));
    expect(exact("Cierra el Sábado").value).toBe("14:00");
    expect(exact("Reabre el Sábado (segundo horario)").value).toBe("");
    // Unreadable until filled: the form's schema refuses it ('Ingresa un horario válido').
    const text = screen.getByTestId("text").textContent!;
    expect(text).toContain("Sábado: 09:00 - 14:00, -");
    expect(parseSchedule(text)).toBeNull();
    expect((button("Agregar otro horario el Domingo") as HTMLButtonElement).disabled).toBe(true);
  });

  it("writes a split day in the admin forms' JSON", async () => {
    const user = userEvent.setup();
    function JsonHarness() {
      const [hours, setHours] = useState<WeekHours>(DEFAULT_REGISTRATION_HOURS);
      return (
        <>
          <HoursEditor value={hours} onChange={setHours} />
          <pre data-testid="json">{writeSchedule(hours, "json")}</pre>
        </>
      );
    }
    render(<JsonHarness />);
    await user.click(button("Agregar otro horario el Martes"));
    expect(JSON.parse(screen.getByTestId("json").textContent!).tuesday).toEqual({
      ranges: [
        { open: "09:00", close: "12:00" },
        { open: "14:00", close: "18:00" },
      ],
      closed: false,
    });
  });
});

const START = writeSchedule(DEFAULT_REGISTRATION_HOURS, "lines");

function FormHarness() {
  const { control, reset, watch } = useForm<{ schedule?: string }>({
    defaultValues: { schedule: START },
  });
  return (
    <>
      <ScheduleField
        control={control}
        format="lines"
        startHours={DEFAULT_REGISTRATION_HOURS}
        errorId="schedule-error"
      />
      <pre data-testid="value">{watch("schedule")}</pre>
      <button type="button" onClick={() => reset({ schedule: START })}>
        Limpiar
      </button>
    </>
  );
}

describe("ScheduleField", () => {
  it("keeps the form's schedule in its format and goes back to the start hours on reset", async () => {
    const user = userEvent.setup();
    render(<FormHarness />);
    await user.click(box(/Cerrado el Domingo/));
    // Sunday's times, kept while it was closed, come back with it.
    expect(screen.getByTestId("value").textContent?.split("\n").at(-1)).toBe(
      "Domingo: 10:00 - 16:00",
    );
    await user.click(screen.getByRole("button", { name: "Limpiar" }));
    expect(screen.getByTestId("value").textContent).toBe(START);
    expect(box(/Cerrado el Domingo/).checked).toBe(true);
    expect(time(/Abre el Domingo/).value).toBe("10:00");
  });
});

describe("ScheduleField with a stored split day", () => {
  it("shows both ranges of the stored JSON", () => {
    const stored = JSON.stringify({
      monday: {
        ranges: [
          { open: "08:00", close: "11:30" },
          { open: "13:00", close: "17:00" },
        ],
        closed: false,
      },
    });
    function Stored() {
      const { control } = useForm<{ schedule?: string }>({ defaultValues: { schedule: stored } });
      return (
        <ScheduleField
          control={control}
          format="json"
          startHours={DEFAULT_REGISTRATION_HOURS}
          errorId="e"
        />
      );
    }
    render(<Stored />);
    expect((screen.getByLabelText("Cierra el Lunes") as HTMLInputElement).value).toBe("11:30");
    expect(
      (screen.getByLabelText("Reabre el Lunes (segundo horario)") as HTMLInputElement).value,
    ).toBe("13:00");
    expect(box(/Cerrado el Martes/).checked).toBe(true);
  });
});
