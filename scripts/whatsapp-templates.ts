/**
 * `npm run whatsapp:templates`: prints the body of POST /{WABA_ID}/message_templates of every
 * WhatsApp template Tiangue sends (server/modules/notices/whatsapp.templates.ts), as JSON.
 * `npm run whatsapp:templates -- --create` creates them at Meta: WHATSAPP_TOKEN,
 * WHATSAPP_BUSINESS_ACCOUNT_ID, WHATSAPP_API_URL (https://graph.facebook.com/v25.0 by
 * default) and PUBLIC_URL (the buttons' links). A template that already exists is reported
 * and skipped; Meta must approve each before it can be sent (docs/whatsapp-templates.md).
 */
import {
  createWhatsAppClient,
  WHATSAPP_API_URL,
  type WhatsAppCreateTemplateResult,
} from "../server/modules/notices/whatsapp.client";
import { templateCreationPayloads } from "../server/modules/notices/whatsapp.templates";

function describe(result: WhatsAppCreateTemplateResult): string {
  switch (result.outcome) {
    case "created":
      return `creada (id ${result.id}, estado ${result.status})`;
    case "exists":
      return `ya existe, no se cambió (${result.code}: ${result.title})`;
    case "error":
      return `rechazada por Meta: ${result.code} ${result.title}${result.details ? ` — ${result.details}` : ""}`;
    default:
      return `sin respuesta clara de Meta (${result.error}); revísala en el administrador`;
  }
}

async function main() {
  const publicUrl = process.env.PUBLIC_URL?.trim();
  const create = process.argv.includes("--create");
  if (!publicUrl && create) {
    throw new Error("Configure PUBLIC_URL: los botones de las plantillas abren sus páginas.");
  }
  const payloads = templateCreationPayloads(publicUrl || "https://tiangue.example");
  if (!create) {
    if (!publicUrl) console.error("Sin PUBLIC_URL: los botones llevan https://tiangue.example.");
    console.log(JSON.stringify(payloads, null, 2));
    return;
  }
  const token = process.env.WHATSAPP_TOKEN?.trim();
  const wabaId = process.env.WHATSAPP_BUSINESS_ACCOUNT_ID?.trim();
  if (!token || !wabaId) {
    throw new Error("Configure WHATSAPP_TOKEN y WHATSAPP_BUSINESS_ACCOUNT_ID para crearlas.");
  }
  const client = createWhatsAppClient({
    apiUrl: process.env.WHATSAPP_API_URL?.trim() || WHATSAPP_API_URL,
    token,
    phoneNumberId: "", // creating templates names the business account, not a number
  });
  let failed = 0;
  try {
    for (const payload of payloads) {
      const result = await client.createTemplate(wabaId, payload);
      if (result.outcome !== "created" && result.outcome !== "exists") failed++;
      console.log(`${payload.name}: ${describe(result)}`);
    }
  } finally {
    client.close();
  }
  console.log(
    failed === 0
      ? "Listo. Meta debe aprobar cada plantilla antes de que Tiangue pueda enviarla."
      : `${failed} de ${payloads.length} plantillas no se crearon.`,
  );
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
