import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { DEFAULT_REGISTRATION_HOURS, scheduleToText } from "../../../shared/schedule";
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
