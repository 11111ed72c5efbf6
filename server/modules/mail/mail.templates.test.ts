import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmail } from "./mail.templates";

describe("e-mail templates", () => {
  const hostile = `<script>alert("x")</script> & 'Pupusería'`;
  const email = renderEmail({
    subject: "Tu pedido ES-2026-000123\r\nBcc: otro@ejemplo.sv",
    heading: `Gracias, ${hostile}`,
    blocks: [
      `Nota del cliente:\n${hostile}`,
      { rows: [[hostile, "$12.50"]], total: ["Total", "$12.50"] },
      {
        button: { label: hostile, url: "https://tiangue.test/pedidos/ES-2026-000123?token=a&b=1" },
      },
    ],
    footer: "Recibes este correo porque hiciste un pedido.",
  });

  it("escapes every interpolated value in the HTML", () => {
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain(`"x"`);
    expect(
      email.html.match(
        /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#39;Pupusería&#39;/g,
      ),
    ).toHaveLength(4);
    expect(email.html).toContain(
      'href="https://tiangue.test/pedidos/ES-2026-000123?token=a&amp;b=1"',
    );
    // The author's line break survives as <br>, after escaping.
    expect(email.html).toContain("Nota del cliente:<br>&lt;script&gt;");
  });

  it("says the same thing in plain text", () => {
    expect(email.text).toContain(`Gracias, ${hostile}`);
    expect(email.text).toContain(`Nota del cliente:\n${hostile}`);
    expect(email.text).toContain(`- ${hostile}: $12.50\nTotal: $12.50`);
    expect(email.text).toContain("https://tiangue.test/pedidos/ES-2026-000123?token=a&b=1");
    expect(email.text).toContain("Recibes este correo porque hiciste un pedido.");
  });

  it("is Spanish, carries the product's name and loads nothing from other hosts", () => {
    expect(email.html).toContain('<html lang="es">');
    expect(email.html).toContain(">Tiangue</span>");
    expect(email.text.startsWith("Tiangue\n")).toBe(true);
    expect(email.html).not.toMatch(/<img|<link|<script|url\(|@import/i);
    expect(email.html.match(/(?:src|href)="[^"]*"/g)).toEqual([
      'href="https://tiangue.test/pedidos/ES-2026-000123?token=a&amp;b=1"',
    ]);
  });

  it("keeps the subject on one line", () => {
    expect(email.subject).toBe("Tu pedido ES-2026-000123 Bcc: otro@ejemplo.sv");
  });

  it("refuses a button that is not a web link", () => {
    expect(() =>
      renderEmail({
        subject: "x",
        blocks: [{ button: { label: "x", url: "javascript:alert(1)" } }],
      }),
    ).toThrow("Enlace de correo inválido");
  });

  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});
