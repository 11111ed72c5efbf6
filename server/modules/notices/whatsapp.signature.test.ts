import { describe, expect, it } from "vitest";
import { parseWhatsAppWebhook as fromClient } from "./whatsapp.client";
import {
  parseWhatsAppWebhook,
  signWhatsAppBody,
  verifyWhatsAppSignature,
  WHATSAPP_SIGNATURE_HEADER,
} from "./whatsapp.signature";

const SECRET = "secreto-de-la-app";
const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

describe("WhatsApp webhook signature", () => {
  it("is sha256= and the hex HMAC-SHA256 of the raw body keyed with the app secret", () => {
    // A known HMAC-SHA256 value pins the encoding (hex, lower case) and the prefix.
    expect(signWhatsAppBody("The quick brown fox jumps over the lazy dog", "key")).toBe(
      "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
    expect(WHATSAPP_SIGNATURE_HEADER).toBe("x-hub-signature-256");
  });

  it("accepts the body's own signature, in either case", () => {
    const header = signWhatsAppBody(raw, SECRET);
    expect(verifyWhatsAppSignature(raw, header, SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(raw, `sha256=${header.slice(7).toUpperCase()}`, SECRET)).toBe(
      true,
    );
  });

  it("refuses another secret's signature and a changed body", () => {
    expect(verifyWhatsAppSignature(raw, signWhatsAppBody(raw, "otro"), SECRET)).toBe(false);
    const changed = Buffer.from(raw.toString().replace("[]", "[ ]"));
    expect(verifyWhatsAppSignature(changed, signWhatsAppBody(raw, SECRET), SECRET)).toBe(false);
  });

  it("refuses an absent, repeated, malformed or wrong-length header, and an empty secret", () => {
    const header = signWhatsAppBody(raw, SECRET);
    const hex = header.slice("sha256=".length);
    for (const bad of [
      undefined,
      "",
      [header, header],
      hex, // without its sha256= prefix
      `sha1=${hex}`,
      `sha256=${hex.slice(0, 62)}`, // one byte short
      `sha256=${hex}00`, // one byte long
      `sha256=${"z".repeat(64)}`,
    ]) {
      expect(verifyWhatsAppSignature(raw, bad, SECRET)).toBe(false);
    }
    expect(verifyWhatsAppSignature(raw, signWhatsAppBody(raw, ""), "")).toBe(false);
  });
});

/** A webhook shaped like Meta's reference: two changes, statuses and a message, and noise. */
const payload = {
  object: "whatsapp_business_account",
  entry: [
    {
      id: "102290129340398",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
            statuses: [
              {
                id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA",
                status: "delivered",
                timestamp: "1750263773",
                recipient_id: "50370000000",
                biz_opaque_callback_data: "notice:42",
                pricing: { billable: true, pricing_model: "PMP", category: "utility" },
                an_unknown_field: { anything: true },
              },
              {
                id: "wamid.failed",
                status: "failed",
                timestamp: "1750263800",
                recipient_id: "50370000001",
                errors: [
                  {
                    code: 131026,
                    title: "Message undeliverable",
                    message: "Message undeliverable",
                    error_data: { details: "Message Undeliverable." },
                  },
                ],
              },
              { id: "wamid.played", status: "played", timestamp: "1750263801" },
              { status: "read", timestamp: "1750263802" },
            ],
          },
        },
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
            contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: "16505551234" }],
            messages: [
              {
                from: "16505551234",
                id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
                timestamp: "1749416383",
                type: "text",
                text: { body: "BAJA" },
              },
              { from: "16505551234", id: "wamid.image", timestamp: "1749416390", type: "image" },
            ],
          },
        },
        { field: "message_template_status_update", value: { event: "APPROVED" } },
      ],
    },
  ],
};

describe("parseWhatsAppWebhook", () => {
  it("reads statuses, with a failed one's error, and the people's messages", () => {
    expect(parseWhatsAppWebhook(payload)).toEqual({
      statuses: [
        {
          messageId: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA",
          status: "delivered",
          timestamp: new Date(1750263773 * 1000),
          recipient: "+50370000000",
          callbackData: "notice:42",
          error: null,
          phoneNumberId: "106540352242922",
        },
        {
          messageId: "wamid.failed",
          status: "failed",
          timestamp: new Date(1750263800 * 1000),
          recipient: "+50370000001",
          callbackData: null,
          error: {
            code: 131026,
            title: "Message undeliverable",
            details: "Message Undeliverable.",
          },
          phoneNumberId: "106540352242922",
        },
      ],
      messages: [
        {
          from: "+16505551234",
          id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
          type: "text",
          text: "BAJA",
          timestamp: new Date(1749416383 * 1000),
          name: "Sheena Nelson",
          phoneNumberId: "106540352242922",
        },
        {
          from: "+16505551234",
          id: "wamid.image",
          type: "image",
          text: null,
          timestamp: new Date(1749416390 * 1000),
          name: "Sheena Nelson",
          phoneNumberId: "106540352242922",
        },
      ],
    });
  });

  it("is also what whatsapp.client exports", () => {
    expect(fromClient).toBe(parseWhatsAppWebhook);
  });

  it("ignores whatever is not a WhatsApp messages webhook, without throwing", () => {
    const empty = { statuses: [], messages: [] };
    for (const body of [
      null,
      "texto",
      42,
      [],
      {},
      { object: "page", entry: payload.entry },
      { object: "whatsapp_business_account", entry: "x" },
      {
        object: "whatsapp_business_account",
        entry: [null, { changes: [null, { field: "messages" }] }],
      },
      {
        object: "whatsapp_business_account",
        entry: [{ changes: [{ field: "messages", value: { statuses: "x", messages: [42] } }] }],
      },
    ]) {
      expect(parseWhatsAppWebhook(body)).toEqual(empty);
    }
  });
});
