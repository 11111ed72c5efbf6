import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./accordion";

function Faq() {
  return (
    <Accordion>
      {["uno", "dos", "tres"].map((name) => (
        <AccordionItem key={name} value={name}>
          <AccordionTrigger>Pregunta {name}</AccordionTrigger>
          <AccordionContent>Respuesta {name}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

const state = (name: string) =>
  screen
    .getByText(`Respuesta ${name}`)
    .closest("[data-accordion-content]")!
    .getAttribute("data-state");

describe("Accordion", () => {
  it("keeps every answer in the page, closed at first", () => {
    render(<Faq />);
    expect(state("uno")).toBe("closed");
    expect(state("dos")).toBe("closed");
  });

  it("opens one item at a time and can close it again", () => {
    render(<Faq />);
    fireEvent.click(screen.getByRole("button", { name: "Pregunta uno" }));
    expect(state("uno")).toBe("open");
    fireEvent.click(screen.getByRole("button", { name: "Pregunta dos" }));
    expect(state("uno")).toBe("closed");
    expect(state("dos")).toBe("open");
    fireEvent.click(screen.getByRole("button", { name: "Pregunta dos" }));
    expect(state("dos")).toBe("closed");
  });
});
