import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { DepartmentFilter } from "./department-filter";

function Page() {
  const location = useLocation();
  return (
    <>
      <DepartmentFilter
        selected={new URLSearchParams(location.search).get("department") ?? ""}
        hiddenFields={{ q: "pupusas" }}
      />
      <p data-testid="where">{location.pathname + location.search}</p>
    </>
  );
}

describe("DepartmentFilter", () => {
  it("offers all 14 departments and 'all'", async () => {
    const Stub = createRoutesStub([{ path: "/search", Component: Page }]);
    render(<Stub initialEntries={["/search?q=pupusas"]} />);
    const select = await screen.findByLabelText("Departamento");
    expect(select.querySelectorAll("option")).toHaveLength(15);
  });

  it("applies the choice on change, keeping the other parameters and dropping the page", async () => {
    const Stub = createRoutesStub([{ path: "/search", Component: Page }]);
    render(<Stub initialEntries={["/search?q=pupusas&page=3"]} />);
    fireEvent.change(await screen.findByLabelText("Departamento"), {
      target: { value: "La Libertad" },
    });
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe(
        "/search?q=pupusas&department=La+Libertad",
      ),
    );
  });

  it("hides its submit button once JavaScript runs", async () => {
    const Stub = createRoutesStub([{ path: "/search", Component: Page }]);
    render(<Stub initialEntries={["/search"]} />);
    await screen.findByLabelText("Departamento");
    expect(screen.queryByRole("button", { name: "Filtrar" })).toBeNull();
  });
});
