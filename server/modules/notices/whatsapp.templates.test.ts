import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  renderTemplateText,
  sanitizeTemplateParam,
  templateCreationPayloads,
  templateCreationProblem,
  templateMessage,
  variableCount,
  WHATSAPP_BUTTON_MAX_LENGTH,
  WHATSAPP_PARAM_MAX_LENGTH,
  WHATSAPP_TEMPLATE_NAMES,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateName,
} from "./whatsapp.templates";

const PUBLIC_URL = "https://tiangue.sv";
const doc = readFileSync(new URL("../../../docs/whatsapp-templates.md", import.meta.url), "utf8");

describe("WhatsApp templates", () => {
  it("lists each template once, with a name Meta accepts", () => {
    expect(Object.keys(WHATSAPP_TEMPLATES).sort()).toEqual([...WHATSAPP_TEMPLATE_NAMES].sort());
    expect(new Set(WHATSAPP_TEMPLATE_NAMES).size).toBe(11);
    for (const name of WHATSAPP_TEMPLATE_NAMES) expect(name).toMatch(/^tiangue_[a-z_]+$/);
  });

  it.each(WHATSAPP_TEMPLATE_NAMES)("%s: its variables are 1…n, named and exemplified", (name) => {
    const template = WHATSAPP_TEMPLATES[name];
    const count = variableCount(template.body);
    expect(count).toBeGreaterThan(0);
    expect(template.params).toHaveLength(count);
    expect(template.example.params).toHaveLength(count);
    for (let n = 1; n <= count; n++) expect(template.body).toContain(`{{${n}}}`);
    expect(template.body).not.toMatch(/\{\{0\}\}|\{\{(?:[1-9]\d+)\}\}/);
    expect(template.button.length).toBeLessThanOrEqual(WHATSAPP_BUTTON_MAX_LENGTH);
    // The example button suffix must itself be a valid suffix.
    expect(template.example.buttonSuffix).not.toMatch(/\s/);
  });

  it("sends merchants to the portal and shoppers to their order page", () => {
    const merchant = WHATSAPP_TEMPLATE_NAMES.filter((n) => n.startsWith("tiangue_merchant_"));
    expect(merchant).toHaveLength(3);
    for (const name of WHATSAPP_TEMPLATE_NAMES) {
      expect(WHATSAPP_TEMPLATES[name].urlPath).toBe(
        merchant.includes(name) ? "merchant/orders" : "orders",
      );
    }
    expect(WHATSAPP_TEMPLATES.tiangue_order_delivered.button).toBe("Califica tu compra");
  });

  it("builds the creation requests Meta documents, which break none of its rules", () => {
    const payloads = templateCreationPayloads(`${PUBLIC_URL}/`);
    expect(payloads.map((p) => p.name)).toEqual([...WHATSAPP_TEMPLATE_NAMES]);
    for (const payload of payloads) {
      expect(templateCreationProblem(payload)).toBeNull();
      const template = WHATSAPP_TEMPLATES[payload.name];
      expect(payload).toEqual({
        name: payload.name,
        language: "es",
        category: "UTILITY",
        components: [
          {
            type: "BODY",
            text: template.body,
            example: { body_text: [[...template.example.params]] },
          },
          {
            type: "BUTTONS",
            buttons: [
              {
                type: "URL",
                text: template.button,
                url: `${PUBLIC_URL}/${template.urlPath}/{{1}}`,
                example: [`${PUBLIC_URL}/${template.urlPath}/${template.example.buttonSuffix}`],
              },
            ],
          },
        ],
      });
    }
  });

  it("holds a creation request to Meta's rules", () => {
    const [good] = templateCreationPayloads(PUBLIC_URL);
    const withBody = (text: string) => ({
      ...good,
      components: [{ ...good.components[0], text }, good.components[1]],
    });
    expect(templateCreationProblem({ ...good, name: "Tiangue Nuevo" })).toBe("name");
    expect(templateCreationProblem({ ...good, category: "ALERT_UPDATE" })).toBe("category");
    expect(
      templateCreationProblem(withBody("{{1}} es tu pedido {{2}} {{3}} {{4}} {{5}}.")),
    ).toMatch(/empieza o termina/);
    expect(templateCreationProblem(withBody("Pedido {{1}}{{2}} {{3}} {{4}} {{5}} listo."))).toMatch(
      /seguidas/,
    );
    expect(templateCreationProblem(withBody("Pedido {{1}} listo."))).toBe("BODY.example.body_text");
    const button = { ...good.components[1].buttons[0], url: `${PUBLIC_URL}/{{1}}/orders` };
    const badButton = {
      ...good,
      components: [good.components[0], { type: "BUTTONS", buttons: [button] }],
    };
    expect(templateCreationProblem(badButton)).toMatch(/BUTTONS.url/);
  });

  it("writes a message's template object: body parameters, then the URL button's suffix", () => {
    expect(
      templateMessage(
        "tiangue_order_cancelled",
        ["ES-2026-000123", "Pupusería La Ceiba", "Se agotó\nel producto"],
        "ES-2026-000123?token=abc",
      ),
    ).toEqual({
      name: "tiangue_order_cancelled",
      language: { code: "es" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "ES-2026-000123" },
            { type: "text", text: "Pupusería La Ceiba" },
            { type: "text", text: "Se agotó el producto" },
          ],
        },
        {
          type: "button",
          sub_type: "url",
          index: "0",
          parameters: [{ type: "text", text: "ES-2026-000123?token=abc" }],
        },
      ],
    });
  });

  it("refuses a wrong parameter count, an unknown template and a suffix with spaces", () => {
    expect(() => templateMessage("tiangue_order_ready", ["ES-1"], "ES-1")).toThrow(RangeError);
    expect(() => templateMessage("tiangue_order_ready", ["a", "b", "c"], "ES-1")).toThrow(
      /2 parámetros, no 3/,
    );
    expect(() => renderTemplateText("tiangue_order_paid" as WhatsAppTemplateName, [])).toThrow(
      RangeError,
    );
    expect(() => templateMessage("tiangue_order_ready", ["a", "b"], "ES 1")).toThrow(RangeError);
    expect(() => templateMessage("tiangue_order_ready", ["a", "b"], "  ")).toThrow(RangeError);
  });

  it("sanitises parameters as Meta requires", () => {
    expect(sanitizeTemplateParam("  Ana\n María\t\tLópez     Pérez  ")).toBe(
      "Ana María López Pérez",
    );
    expect(sanitizeTemplateParam(" \n ")).toBe("—");
    const long = sanitizeTemplateParam("ñ".repeat(500));
    expect(Array.from(long)).toHaveLength(WHATSAPP_PARAM_MAX_LENGTH);
    expect(long.endsWith("…")).toBe(true);
    expect(sanitizeTemplateParam("x".repeat(WHATSAPP_PARAM_MAX_LENGTH))).toHaveLength(
      WHATSAPP_PARAM_MAX_LENGTH,
    );
  });

  it("renders the body as the person reads it", () => {
    expect(
      renderTemplateText("tiangue_order_received", [
        "María",
        "ES-2026-000123",
        "La Ceiba",
        "$14.75",
      ]),
    ).toBe(
      "Hola María, recibimos tu pedido ES-2026-000123 en La Ceiba por $14.75. " +
        "Te avisaremos por aquí cada vez que avance.",
    );
    expect(renderTemplateText("tiangue_merchant_order_waiting", ["ES-1", " 15\n"])).toContain(
      "lleva 15 minutos",
    );
  });

  it.each(WHATSAPP_TEMPLATE_NAMES)("%s: docs/whatsapp-templates.md has it verbatim", (name) => {
    const template = WHATSAPP_TEMPLATES[name];
    // Its own section: from its heading to the next one.
    const start = doc.indexOf(`### \`${name}\``);
    expect(start).toBeGreaterThanOrEqual(0);
    const section = doc.slice(start, doc.indexOf("\n#", start + 1) >>> 0);
    expect(section).toContain(`\`\`\`text\n${template.body}\n\`\`\``);
    expect(section).toContain(
      `Button «${template.button}»: \`\${PUBLIC_URL}/${template.urlPath}/{{1}}\``,
    );
    template.params.forEach((param, i) => {
      expect(section).toMatch(new RegExp(`\\| \`\\{\\{${i + 1}\\}\\}\` +\\| ${param} +\\|`));
    });
  });
});
