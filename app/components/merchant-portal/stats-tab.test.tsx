import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MerchantStatsDto } from "../../../shared/merchant-portal";
import { dayLabel, StatsView } from "./stats-tab";

const days = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
  return { date, views: 0, whatsapp: 0, call: 0, email: 0 };
});
days[29] = { ...days[29], whatsapp: 4, call: 1 };
days[3] = { ...days[3], email: 2 };

const stats: MerchantStatsDto = {
  last7Days: { whatsapp: 4, call: 1, email: 0 },
  last30Days: { whatsapp: 4, call: 1, email: 2 },
  daily: days,
  topProducts: [
    { id: 3, name: "Pupusas revueltas", slug: "pupusas-revueltas", views: 12 },
    { id: 5, name: "Horchata", slug: "horchata", views: 1 },
  ],
};

describe("'Resumen'", () => {
  it("gives each period's presses per button as a table", () => {
    render(<StatsView stats={stats} />);
    const week = screen.getByRole("table", { name: "Últimos 7 días" });
    const whatsapp = within(week).getByRole("row", { name: /WhatsApp/ });
    expect(within(whatsapp).getByRole("cell").textContent).toBe("4");
    const month = screen.getByRole("table", { name: "Últimos 30 días" });
    expect(
      within(within(month).getByRole("row", { name: /Email/ })).getByRole("cell").textContent,
    ).toBe("2");
    expect(screen.getByText("7 contactos en total")).toBeTruthy();
  });

  it("lists only the days with presses in the chart's data table", () => {
    render(<StatsView stats={stats} />);
    const daily = screen.getByRole("table", { name: "Contactos por día (últimos 30 días)" });
    const rows = within(daily).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      dayLabel(days[3].date),
      dayLabel(days[29].date),
    ]);
  });

  it("links the most viewed products, most viewed first", () => {
    render(<StatsView stats={stats} />);
    const list = screen.getByRole("list", { name: "Productos más vistos (últimos 30 días)" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/products/pupusas-revueltas",
      "/products/horchata",
    ]);
    expect(within(list).getByText("1 visita")).toBeTruthy();
  });

  it("names calendar days in Spanish without moving them across time zones", () => {
    expect(dayLabel("2026-11-01")).toMatch(/^1 nov/);
  });
});
