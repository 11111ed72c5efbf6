/**
 * `npm run whatsapp:fake`: the fake WhatsApp Cloud API of the tests as a local server, so
 * Tiangue's notices can be tried without a Meta account. Never for production. Every
 * template of whatsapp.templates.ts is already created (and approved) in it.
 *
 * WHATSAPP_FAKE_PORT (default 5056), WHATSAPP_FAKE_HOST (default 127.0.0.1),
 * WHATSAPP_FAKE_WEBHOOK_URL (where to post the status webhooks: Tiangue's webhook route), and
 * WHATSAPP_TOKEN / WHATSAPP_APP_SECRET when they must be given ones.
 */
import { startFakeWhatsApp, type FakeMessage } from "./whatsapp.fake";
import {
  renderTemplateText,
  templateCreationPayloads,
  type WhatsAppTemplateName,
} from "./whatsapp.templates";

const port = Number(process.env.WHATSAPP_FAKE_PORT ?? 5056);
const webhookUrl = process.env.WHATSAPP_FAKE_WEBHOOK_URL || null;
const fake = await startFakeWhatsApp({
  port,
  host: process.env.WHATSAPP_FAKE_HOST || "127.0.0.1",
  token: process.env.WHATSAPP_TOKEN || undefined,
  appSecret: process.env.WHATSAPP_APP_SECRET || undefined,
  webhookUrl,
  // Closer to Meta's pace than the tests' defaults, so a person can watch each step.
  statusDelaysMs: { sent: 300, delivered: 1500, read: 5000 },
});
fake.createTemplates(templateCreationPayloads(process.env.PUBLIC_URL || "http://localhost:3000"));

console.log(`WhatsApp de prueba escuchando en ${fake.url} (ningún mensaje sale de verdad).`);
console.log("Inicia Tiangue con estas variables para enviar los avisos contra él:\n");
for (const [name, value] of Object.entries(fake.env)) console.log(`${name}=${value}`);
console.log(
  webhookUrl
    ? `\nLos estados (enviado, entregado, leído) se publican en ${webhookUrl}.`
    : "\nSin WHATSAPP_FAKE_WEBHOOK_URL no se publica ningún estado.",
);
console.log("Cada mensaje aceptado se muestra aquí. Ctrl+C para detenerlo.\n");

/** The body as the person reads it; any other template's parameters as they came. */
function readable(message: FakeMessage): string {
  if (!message.template) return message.text ?? "";
  try {
    return renderTemplateText(message.template as WhatsAppTemplateName, message.params);
  } catch {
    return message.params.join(" | ");
  }
}

// Each accepted message once, as the person would read it, with its button's URL suffix.
let last: FakeMessage | undefined;
const timer = setInterval(() => {
  const from = last ? fake.sent.lastIndexOf(last) + 1 : 0;
  for (const message of fake.sent.slice(from)) {
    const button = message.buttonSuffix ? `\n  [botón: …/${message.buttonSuffix}]` : "";
    console.log(
      `→ +${message.to} (${message.template ?? "texto"})\n  ${readable(message)}${button}\n`,
    );
  }
  last = fake.sent.at(-1) ?? last;
}, 500);

const stop = () => {
  clearInterval(timer);
  void fake.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
