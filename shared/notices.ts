/**
 * The notices of issue 35 as both sides name them: channels, states and their Spanish
 * labels (the admin's 'Avisos' tab, the portal's 'Avisos' settings).
 */
export const NOTICE_CHANNELS = ["email", "whatsapp", "push"] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = {
  email: "Correo",
  whatsapp: "WhatsApp",
  push: "Notificación",
};

/** What the admin list shows of any channel's row (e-mail's own states are mapped onto these). */
export const NOTICE_STATUSES = [
  "pending",
  "sent",
  "delivered",
  "read",
  "failed",
  "unknown",
  "replaced",
  "skipped",
] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  pending: "Pendiente",
  sent: "Enviado",
  delivered: "Entregado",
  read: "Leído",
  failed: "Falló",
  unknown: "Sin confirmar",
  replaced: "Reemplazado por correo",
  skipped: "Omitido",
};

/** The checkout's consent box (shown only when WhatsApp is configured). */
export const WHATSAPP_CONSENT_LABEL = "Recibir los avisos de mi pedido por WhatsApp";
export const WHATSAPP_NUMBER_REQUIRED_MESSAGE =
  "Escribe el número de WhatsApp donde quieres recibir los avisos";

/** The cancellation reason of an order its merchant never answered. */
export const NO_ANSWER_REASON = "El comercio no respondió a tiempo";

/** The portal's button on a device that may receive Web Push. */
export const PUSH_ENABLE_LABEL = "Activar avisos en este teléfono";
