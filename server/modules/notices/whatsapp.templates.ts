/**
 * Every WhatsApp template Tiangue sends, in one place (docs/whatsapp-templates.md lists them
 * for the people who create and approve them at Meta; a test keeps both texts equal).
 *
 * Each is a UTILITY template in Spanish ('es') with positional body parameters {{1}}…{{n}}
 * and one URL button whose only variable {{1}} ends the URL:
 * - merchant templates open `${PUBLIC_URL}/merchant/orders/{{1}}`, {{1}} = "<merchantId>/<orderId>"
 *   ("12/3456"), which the portal turns into its page of that order;
 * - shopper templates open `${PUBLIC_URL}/orders/{{1}}`, {{1}} = what follows /orders/ in the
 *   order page's link: "<orderNumber>?token=<token>".
 * A body never starts or ends with a variable and no two variables touch: Meta refuses both.
 */
import type { OrderFulfillment, PaymentMethod } from "../../../shared/order-life";

export const WHATSAPP_TEMPLATE_LANGUAGE = "es";
export const WHATSAPP_TEMPLATE_CATEGORY = "UTILITY";
/** Meta's limits on one parameter's text: we cut it here, never Meta. */
export const WHATSAPP_PARAM_MAX_LENGTH = 200;
/** Meta's limit on a template's body and on a button's label. */
export const WHATSAPP_BODY_MAX_LENGTH = 1024;
export const WHATSAPP_BUTTON_MAX_LENGTH = 25;

export const WHATSAPP_TEMPLATE_NAMES = [
  "tiangue_merchant_new_order",
  "tiangue_merchant_order_paid",
  "tiangue_merchant_order_waiting",
  "tiangue_order_received",
  "tiangue_order_preparing",
  "tiangue_order_ready",
  "tiangue_order_on_the_way",
  "tiangue_order_delivered",
  "tiangue_order_cancelled",
  "tiangue_order_expired",
  "tiangue_order_refunded",
] as const;
export type WhatsAppTemplateName = (typeof WHATSAPP_TEMPLATE_NAMES)[number];

/** Where a template's button leads, under PUBLIC_URL. */
export type WhatsAppUrlPath = "orders" | "merchant/orders";

export interface WhatsAppTemplate {
  /** The body as created at Meta, with {{1}}…{{n}}. */
  body: string;
  /** What {{1}}…{{n}} hold, in order (for the callers and the doc). */
  params: readonly string[];
  /** The URL button's label. */
  button: string;
  urlPath: WhatsAppUrlPath;
  /** The sample values Meta's reviewers read (example.body_text, the button's example). */
  example: { params: readonly string[]; buttonSuffix: string };
}

const SHOPPER_SUFFIX = "ES-2026-000123?token=Hk3vQ9xLm2";
const MERCHANT_SUFFIX = "12/3456";
const shopper = (params: readonly string[], buttonSuffix = SHOPPER_SUFFIX) => ({
  urlPath: "orders" as const,
  example: { params, buttonSuffix },
});
const merchant = (params: readonly string[]) => ({
  urlPath: "merchant/orders" as const,
  example: { params, buttonSuffix: MERCHANT_SUFFIX },
});

/** The fulfilment labels {{4}} of tiangue_merchant_new_order is written with. */
export const WHATSAPP_FULFILLMENT_LABELS = {
  delivery: "Entrega a domicilio",
  pickup: "Recoger en tienda",
  arrange: "A convenir",
} as const satisfies Record<OrderFulfillment, string>;

/** The payment labels {{5}} of tiangue_merchant_new_order is written with. */
export const WHATSAPP_PAYMENT_LABELS = {
  cash: "Efectivo al recibir",
  transfer: "Transferencia bancaria",
  card: "Tarjeta",
  whatsapp: "Por WhatsApp",
} as const satisfies Record<PaymentMethod, string>;

export const WHATSAPP_TEMPLATES: Record<WhatsAppTemplateName, WhatsAppTemplate> = {
  tiangue_merchant_new_order: {
    body:
      "Tienes un pedido nuevo en Tiangue.\n" +
      "Pedido: {{1}}\nCliente: {{2}}\nTotal: {{3}}\nEntrega: {{4}}\nPago: {{5}}\n" +
      "Revísalo y confírmalo pronto en el portal para que no venza.",
    params: ["número de pedido", "nombre del cliente", "total", "entrega", "forma de pago"],
    button: "Ver el pedido",
    ...merchant([
      "ES-2026-000123",
      "María",
      "$14.75",
      "Entrega a domicilio",
      "Efectivo al recibir",
    ]),
  },
  tiangue_merchant_order_paid: {
    body: "El pedido {{1}} ya está pagado ({{2}}). Ya puedes prepararlo.",
    params: ["número de pedido", "total"],
    button: "Ver el pedido",
    ...merchant(["ES-2026-000123", "$14.75"]),
  },
  tiangue_merchant_order_waiting: {
    body:
      "El pedido {{1}} lleva {{2}} minutos esperando tu respuesta. " +
      "Confírmalo o recházalo antes de que venza.",
    params: ["número de pedido", "minutos de espera"],
    button: "Ver el pedido",
    ...merchant(["ES-2026-000123", "15"]),
  },
  tiangue_order_received: {
    body:
      "Hola {{1}}, recibimos tu pedido {{2}} en {{3}} por {{4}}. " +
      "Te avisaremos por aquí cada vez que avance.",
    params: ["nombre del cliente", "número de pedido", "comercio", "total"],
    button: "Ver mi pedido",
    ...shopper(["María", "ES-2026-000123", "Pupusería La Ceiba", "$14.75"]),
  },
  tiangue_order_preparing: {
    body: "Tu pedido {{1}} ya se está preparando en {{2}}. Te avisaremos cuando avance.",
    params: ["número de pedido", "comercio"],
    button: "Ver mi pedido",
    ...shopper(["ES-2026-000123", "Pupusería La Ceiba"]),
  },
  tiangue_order_ready: {
    body:
      "Tu pedido {{1}} está listo para recoger en {{2}}. " +
      "Muestra el número de pedido al retirarlo.",
    params: ["número de pedido", "comercio"],
    button: "Ver mi pedido",
    ...shopper(["ES-2026-000123", "Pupusería La Ceiba"]),
  },
  tiangue_order_on_the_way: {
    body: "Tu pedido {{1}} de {{2}} va en camino. Ten tu teléfono a mano por si te llaman.",
    params: ["número de pedido", "comercio"],
    button: "Ver mi pedido",
    ...shopper(["ES-2026-000123", "Pupusería La Ceiba"]),
  },
  tiangue_order_delivered: {
    body:
      "Tu pedido {{1}} de {{2}} fue entregado. Gracias por comprar en Tiangue. " +
      "Califica tu compra: tu opinión ayuda a otros compradores.",
    params: ["número de pedido", "comercio"],
    button: "Califica tu compra",
    ...shopper(["ES-2026-000123", "Pupusería La Ceiba"]),
  },
  tiangue_order_cancelled: {
    body:
      "Tu pedido {{1}} en {{2}} fue cancelado. Motivo: {{3}}. " +
      "Si ya habías pagado, te avisaremos del reembolso.",
    params: ["número de pedido", "comercio", "motivo"],
    button: "Ver mi pedido",
    ...shopper(["ES-2026-000123", "Pupusería La Ceiba", "Se agotó el producto"]),
  },
  tiangue_order_expired: {
    body:
      "Tu pedido {{1}} en {{2}} venció porque el comercio no respondió a tiempo. " +
      "Disculpa la molestia. Si ya habías pagado, te avisaremos del reembolso.",
    params: ["número de pedido", "comercio"],
    button: "Ver mi pedido",
    ...shopper(["ES-2026-000123", "Pupusería La Ceiba"]),
  },
  tiangue_order_refunded: {
    body:
      "Se registró el reembolso de tu pedido {{1}} en {{2}}: {{3}}. " +
      "Puede tardar unos días en verse en tu cuenta.",
    params: ["número de pedido", "comercio", "monto o referencia"],
    button: "Ver mi pedido",
    ...shopper(["ES-2026-000123", "Pupusería La Ceiba", "$14.75, referencia 88412"]),
  },
};

/** One body parameter as Meta accepts it: one line, no tabs, no runs of spaces, bounded. */
export function sanitizeTemplateParam(value: string): string {
  // Newlines, tabs and runs of more than 4 spaces are refused by Meta (132018): one space.
  const text = value.replace(/\s+/g, " ").trim();
  // An empty parameter is refused too: a dash reads as "nothing to say".
  if (text === "") return "—";
  const chars = Array.from(text);
  return chars.length <= WHATSAPP_PARAM_MAX_LENGTH
    ? text
    : `${chars
        .slice(0, WHATSAPP_PARAM_MAX_LENGTH - 1)
        .join("")
        .trimEnd()}…`;
}

/** The number of {{n}} variables of a body (they are 1…n). */
export function variableCount(body: string): number {
  return new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
}

function templateOf(name: WhatsAppTemplateName): WhatsAppTemplate {
  const template = WHATSAPP_TEMPLATES[name];
  if (!template) throw new RangeError(`Plantilla de WhatsApp desconocida: ${String(name)}`);
  return template;
}

function checkedParams(name: WhatsAppTemplateName, params: readonly string[]): string[] {
  const template = templateOf(name);
  if (params.length !== template.params.length) {
    throw new RangeError(
      `La plantilla ${name} lleva ${template.params.length} parámetros, no ${params.length}`,
    );
  }
  return params.map(sanitizeTemplateParam);
}

/** The button's {{1}}: what follows the URL's path, which may carry no space. */
function checkedSuffix(buttonSuffix: string): string {
  const suffix = buttonSuffix.trim().replace(/^\/+/, "");
  if (suffix === "" || /\s/.test(suffix)) {
    throw new RangeError(`Sufijo de URL inválido para el botón: "${buttonSuffix}"`);
  }
  return suffix;
}

/** The button's URL as created at Meta, and as a person would open it with `suffix`. */
export function templateButtonUrl(publicUrl: string, name: WhatsAppTemplateName, suffix = "{{1}}") {
  return `${publicUrl.replace(/\/+$/, "")}/${templateOf(name).urlPath}/${suffix}`;
}

/** The body of POST /{WABA_ID}/message_templates that creates one template. */
export interface WhatsAppTemplateCreation {
  name: WhatsAppTemplateName;
  language: string;
  category: string;
  components: [
    { type: "BODY"; text: string; example: { body_text: string[][] } },
    {
      type: "BUTTONS";
      buttons: [{ type: "URL"; text: string; url: string; example: string[] }];
    },
  ];
}

/** Every template's creation request, for a Tiangue served at `publicUrl` (PUBLIC_URL). */
export function templateCreationPayloads(publicUrl: string): WhatsAppTemplateCreation[] {
  return WHATSAPP_TEMPLATE_NAMES.map((name) => {
    const template = WHATSAPP_TEMPLATES[name];
    return {
      name,
      language: WHATSAPP_TEMPLATE_LANGUAGE,
      category: WHATSAPP_TEMPLATE_CATEGORY,
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
              url: templateButtonUrl(publicUrl, name),
              example: [templateButtonUrl(publicUrl, name, template.example.buttonSuffix)],
            },
          ],
        },
      ],
    };
  });
}

/** The `template` object of a POST /{PHONE_NUMBER_ID}/messages request. */
export interface WhatsAppTemplateMessage {
  name: WhatsAppTemplateName;
  language: { code: string };
  components: [
    { type: "body"; parameters: { type: "text"; text: string }[] },
    { type: "button"; sub_type: "url"; index: "0"; parameters: [{ type: "text"; text: string }] },
  ];
}

/**
 * A template message's `template`: the body's parameters (sanitised) and the button's URL
 * suffix. Throws a RangeError when the parameters are not the template's count.
 */
export function templateMessage(
  name: WhatsAppTemplateName,
  params: readonly string[],
  buttonSuffix: string,
): WhatsAppTemplateMessage {
  const values = checkedParams(name, params);
  return {
    name,
    language: { code: WHATSAPP_TEMPLATE_LANGUAGE },
    components: [
      { type: "body", parameters: values.map((text) => ({ type: "text", text })) },
      {
        type: "button",
        sub_type: "url",
        index: "0",
        parameters: [{ type: "text", text: checkedSuffix(buttonSuffix) }],
      },
    ],
  };
}

/** The body as the person reads it on WhatsApp (logs, the admin panel). */
export function renderTemplateText(name: WhatsAppTemplateName, params: readonly string[]): string {
  const values = checkedParams(name, params);
  return templateOf(name).body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1]);
}

/** Meta's rule on a parameter's text: no newline, no tab, at most 4 spaces in a row. */
export const isValidTemplateParam = (text: string) =>
  text.trim() !== "" && !/[\n\t]| {5,}/.test(text);

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The first of Meta's rules a POST /{WABA_ID}/message_templates body breaks, or null (the
 * fake refuses with it; the tests hold our own payloads to it): a lower-case name, a known
 * category, a body with a sample per variable that neither starts nor ends with one, and a
 * URL button whose variable closes the URL, with one example.
 */
export function templateCreationProblem(payload: unknown): string | null {
  const name = field(payload, "name");
  if (typeof name !== "string" || !/^[a-z0-9_]{1,512}$/.test(name)) return "name";
  const language = field(payload, "language");
  if (typeof language !== "string" || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) {
    return "language";
  }
  if (!["UTILITY", "MARKETING", "AUTHENTICATION"].includes(String(field(payload, "category")))) {
    return "category";
  }
  const components = items(field(payload, "components"));
  const body = components.find((c) => field(c, "type") === "BODY");
  const text = field(body, "text");
  if (typeof text !== "string" || text.trim() === "") return "BODY.text";
  if (text.length > WHATSAPP_BODY_MAX_LENGTH) return "BODY.text: demasiado largo";
  if (/^\s*\{\{|\}\}\s*$/.test(text)) return "BODY.text: empieza o termina con una variable";
  if (/\}\}\s*\{\{/.test(text)) return "BODY.text: dos variables seguidas";
  const count = variableCount(text);
  const numbers = [...new Set(text.match(/\{\{(\d+)\}\}/g) ?? [])].map((v) =>
    Number(v.slice(2, -2)),
  );
  if (numbers.some((n) => n < 1 || n > count)) return "BODY.text: variables no consecutivas";
  const samples = items(items(field(field(body, "example"), "body_text"))[0]);
  if (count > 0 && samples.length !== count) return "BODY.example.body_text";
  const buttons = items(
    field(
      components.find((c) => field(c, "type") === "BUTTONS"),
      "buttons",
    ),
  );
  for (const button of buttons) {
    const label = field(button, "text");
    if (typeof label !== "string" || label.length > WHATSAPP_BUTTON_MAX_LENGTH) {
      return "BUTTONS.text";
    }
    const url = field(button, "url");
    if (field(button, "type") !== "URL" || typeof url !== "string" || !url.includes("{{")) continue;
    if (!/^https?:\/\/[^{}\s]+\{\{1\}\}$/.test(url)) return "BUTTONS.url: {{1}} debe cerrarla";
    if (items(field(button, "example")).length !== 1) return "BUTTONS.example";
  }
  return null;
}
