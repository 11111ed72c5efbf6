import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type MouseEvent } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function Sections({
  onValueChange,
  forceMount,
}: {
  onValueChange?: (value: string) => void;
  forceMount?: boolean;
}) {
  return (
    <Tabs defaultValue="productos" onValueChange={onValueChange}>
      <TabsList aria-label="Secciones">
        <TabsTrigger value="productos">Productos</TabsTrigger>
        <TabsTrigger value="resenas">Reseñas</TabsTrigger>
        <TabsTrigger value="horario">Horario</TabsTrigger>
      </TabsList>
      <TabsContent value="productos">Lista de productos</TabsContent>
      <TabsContent value="resenas" forceMount={forceMount} className="data-[state=inactive]:hidden">
        Lista de reseñas
      </TabsContent>
      <TabsContent value="horario">Horario de atención</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });
const selected = () =>
  screen.getAllByRole("tab").filter((t) => t.getAttribute("aria-selected") === "true");

describe("Tabs", () => {
  it("wires tabs and panels together with roles, ids and states", () => {
    render(<Sections />);
    expect(screen.getByRole("tablist", { name: "Secciones" })).toBeTruthy();
    const productos = tab("Productos");
    expect(productos.getAttribute("aria-selected")).toBe("true");
    expect(productos.getAttribute("data-state")).toBe("active");
    expect(tab("Reseñas").getAttribute("aria-selected")).toBe("false");
    expect(tab("Reseñas").getAttribute("data-state")).toBe("inactive");

    // The one panel shown is named by its tab, and the tab points at it.
    const panel = screen.getByRole("tabpanel", { name: "Productos" });
    expect(panel.textContent).toBe("Lista de productos");
    expect(productos.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.getAttribute("aria-labelledby")).toBe(productos.id);
    expect(panel.getAttribute("data-state")).toBe("active");
    expect(panel.tabIndex).toBe(0);

    // Another tab's panel is in the page (its aria-controls resolves), hidden and empty.
    const other = document.getElementById(tab("Horario").getAttribute("aria-controls")!)!;
    expect(other.hidden).toBe(true);
    expect(other.getAttribute("data-state")).toBe("inactive");
    expect(other.textContent).toBe("");
  });

  it("puts only the selected tab in the Tab order", async () => {
    render(
      <>
        <button type="button">Antes</button>
        <Sections />
      </>,
    );
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.click(screen.getByRole("button", { name: "Antes" }));
    await userEvent.tab();
    expect(document.activeElement).toBe(tab("Productos"));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("tabpanel"));

    await userEvent.click(tab("Horario"));
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });

  it("moves the focus with the arrows, Home and End, and selects the focused tab", async () => {
    const onValueChange = vi.fn();
    render(<Sections onValueChange={onValueChange} />);
    tab("Productos").focus();

    await userEvent.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab("Reseñas"));
    expect(selected()).toEqual([tab("Reseñas")]);
    expect(screen.getByRole("tabpanel").textContent).toBe("Lista de reseñas");
    expect(onValueChange).toHaveBeenLastCalledWith("resenas");

    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    expect(document.activeElement).toBe(tab("Productos")); // past the last: the first
    await userEvent.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(tab("Horario")); // before the first: the last
    expect(selected()).toEqual([tab("Horario")]);
    await userEvent.keyboard("{Home}");
    expect(document.activeElement).toBe(tab("Productos"));
    expect(selected()).toEqual([tab("Productos")]);
    await userEvent.keyboard("{End}");
    expect(document.activeElement).toBe(tab("Horario"));
    expect(selected()).toEqual([tab("Horario")]);
    expect(screen.getByRole("tabpanel").textContent).toBe("Horario de atención");
    expect(onValueChange.mock.calls.map(([value]) => value)).toEqual([
      "resenas",
      "horario",
      "productos",
      "horario",
      "productos",
      "horario",
    ]);
  });

  it("leaves the arrows alone with a modifier key and skips disabled tabs", async () => {
    render(
      <Tabs defaultValue="a">
        <TabsList>
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b" disabled>
            B
          </TabsTrigger>
          <TabsTrigger value="c">C</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    tab("A").focus();
    fireEvent.keyDown(tab("A"), { key: "ArrowRight", altKey: true });
    expect(document.activeElement).toBe(tab("A"));
    await userEvent.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab("C"));
    expect(selected()).toEqual([tab("C")]);
  });

  it("selects on a plain click only and tells onValueChange once per change", async () => {
    const onValueChange = vi.fn();
    render(<Sections onValueChange={onValueChange} />);
    await userEvent.click(tab("Reseñas"));
    expect(selected()).toEqual([tab("Reseñas")]);
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith("resenas");
    await userEvent.click(tab("Reseñas"));
    expect(onValueChange).toHaveBeenCalledTimes(1);

    // Ctrl+click (a link tab opened in a new browser tab): no switch here.
    fireEvent.mouseDown(tab("Horario"), { button: 0, ctrlKey: true });
    fireEvent.mouseDown(tab("Horario"), { button: 2 });
    expect(selected()).toEqual([tab("Reseñas")]);
  });

  it("follows the caller's value when controlled", async () => {
    const onValueChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState("b");
      return (
        <>
          <button type="button" onClick={() => setValue("a")}>
            Ir a A
          </button>
          <Tabs
            value={value}
            onValueChange={(next) => {
              onValueChange(next);
              if (next !== "c") setValue(next); // the caller refuses C
            }}
          >
            <TabsList>
              <TabsTrigger value="a">A</TabsTrigger>
              <TabsTrigger value="b">B</TabsTrigger>
              <TabsTrigger value="c">C</TabsTrigger>
            </TabsList>
            <TabsContent value="a">Panel A</TabsContent>
            <TabsContent value="b">Panel B</TabsContent>
            <TabsContent value="c">Panel C</TabsContent>
          </Tabs>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole("tabpanel").textContent).toBe("Panel B");

    await userEvent.click(screen.getByRole("button", { name: "Ir a A" }));
    expect(selected()).toEqual([tab("A")]);
    expect(screen.getByRole("tabpanel").textContent).toBe("Panel A");
    expect(onValueChange).not.toHaveBeenCalled();

    await userEvent.click(tab("C"));
    expect(onValueChange).toHaveBeenLastCalledWith("c");
    expect(selected()).toEqual([tab("A")]);
    expect(screen.getByRole("tabpanel").textContent).toBe("Panel A");

    await userEvent.click(tab("B"));
    expect(onValueChange).toHaveBeenLastCalledWith("b");
    expect(screen.getByRole("tabpanel").textContent).toBe("Panel B");
  });

  it("keeps a forceMount panel's content while another tab is selected", () => {
    render(<Sections forceMount />);
    const panel = document.getElementById(tab("Reseñas").getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute("data-state")).toBe("inactive");
    expect(panel.className).toContain("data-[state=inactive]:hidden");
    expect(panel.textContent).toBe("Lista de reseñas");
  });

  it("gives a child element (a link) the tab's attributes and keeps its own handlers", async () => {
    const onClick = vi.fn((event: MouseEvent) => event.preventDefault());
    const onValueChange = vi.fn();
    render(
      <Tabs defaultValue="uno" onValueChange={onValueChange}>
        <TabsList>
          <TabsTrigger value="uno" asChild>
            <a href="?tab=uno">Uno</a>
          </TabsTrigger>
          <TabsTrigger value="dos" asChild>
            <a href="?tab=dos" className="extra" onClick={onClick}>
              Dos
            </a>
          </TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    const dos = tab("Dos");
    expect(dos.tagName).toBe("A");
    expect(dos.getAttribute("href")).toBe("?tab=dos");
    expect(dos.className).toContain("extra");
    expect(dos.className).toContain("data-[state=active]:bg-white");
    expect(dos.tabIndex).toBe(-1);

    await userEvent.click(dos);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith("dos");
    expect(dos.getAttribute("aria-selected")).toBe("true");
    expect(dos.tabIndex).toBe(0);
    await userEvent.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(tab("Uno"));
    expect(onValueChange).toHaveBeenLastCalledWith("uno");
  });

  it("runs the caller's handlers, and a preventDefault there keeps the tab unselected", async () => {
    const onFocus = vi.fn();
    render(
      <Tabs defaultValue="a">
        <TabsList>
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b" onFocus={onFocus}>
            B
          </TabsTrigger>
          <TabsTrigger value="c" onMouseDown={(event) => event.preventDefault()}>
            C
          </TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    tab("A").focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(onFocus).toHaveBeenCalledOnce();
    expect(selected()).toEqual([tab("B")]);
    fireEvent.mouseDown(tab("C"), { button: 0 });
    expect(selected()).toEqual([tab("B")]);
  });

  it("hydrates the server's HTML without a mismatch", async () => {
    const html = renderToString(<Sections />);
    expect(html).toContain('aria-selected="true"');
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    // React reports a differing attribute (an id) on the console, a differing tree as an error.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const onRecoverableError = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, <Sections />, { onRecoverableError }),
    );
    expect(consoleError).not.toHaveBeenCalled();
    expect(onRecoverableError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // Hydrated: the tabs answer the keyboard.
    tab("Productos").focus();
    await userEvent.keyboard("{End}");
    expect(selected()).toEqual([tab("Horario")]);
    act(() => root.unmount());
    container.remove();
  });
});
