import { z } from "zod";
import {
  NOTICE_CHANNELS,
  NOTICE_STATUSES,
  type NoticeChannel,
  type NoticeStatus,
} from "../notices";
import { whatsappNumberField } from "../whatsapp-number";
import { pageFields, queryParam } from "./query";

/** Issue 35's request bodies and queries, shared by the portal, the admin panel and the API. */

const CHANNEL_SWITCH_MESSAGE = "Indica si este aviso va encendido o apagado";
const channelSwitch = z.boolean({ error: CHANNEL_SWITCH_MESSAGE });

/** PUT /api/merchant/{merchantId}/notices. */
export const noticeSettingsSchema = z.object({
  /** Blank or null: the shop's WhatsApp. */
  whatsappNumber: whatsappNumberField.nullish(),
  whatsapp: channelSwitch,
  push: channelSwitch,
  email: channelSwitch,
});
export type NoticeSettingsInput = z.input<typeof noticeSettingsSchema>;

export const PUSH_SUBSCRIPTION_MESSAGE = "La suscripción de este navegador no es válida";
const base64Url = (min: number, max: number) =>
  z
    .string({ error: PUSH_SUBSCRIPTION_MESSAGE })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_SUBSCRIPTION_MESSAGE)
    .min(min, PUSH_SUBSCRIPTION_MESSAGE)
    .max(max, PUSH_SUBSCRIPTION_MESSAGE);

/** POST /api/merchant/{merchantId}/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: PUSH_SUBSCRIPTION_MESSAGE })
    .max(2000, PUSH_SUBSCRIPTION_MESSAGE)
    .refine((value) => {
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    }, PUSH_SUBSCRIPTION_MESSAGE),
  // A P-256 point is 65 bytes (87 characters unpadded), the auth secret 16 (22).
  keys: z.object(
    { p256dh: base64Url(80, 100), auth: base64Url(16, 32) },
    { error: PUSH_SUBSCRIPTION_MESSAGE },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const NOTICE_CHANNEL_FILTER_MESSAGE = "El canal debe ser email, whatsapp o push";
export const NOTICE_STATUS_FILTER_MESSAGE = `El estado debe ser uno de: ${NOTICE_STATUSES.join(", ")}`;

/** GET /api/admin/notices?channel=&status=, paged like the other admin lists. */
export const adminNoticeListQuery = z.object({
  channel: queryParam(NOTICE_CHANNEL_FILTER_MESSAGE, (text) =>
    (NOTICE_CHANNELS as readonly string[]).includes(text) ? (text as NoticeChannel) : null,
  ),
  status: queryParam(NOTICE_STATUS_FILTER_MESSAGE, (text) =>
    (NOTICE_STATUSES as readonly string[]).includes(text) ? (text as NoticeStatus) : null,
  ),
  ...pageFields,
});
export type AdminNoticeListQuery = Partial<z.output<typeof adminNoticeListQuery>>;
