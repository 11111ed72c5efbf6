import { z } from "zod";
import { count, id, timestamp } from "./common";

/** GET /api/merchant/me: the signed-in merchant user and the merchants it manages. */
export const merchantMe = z.object({
  email: z.string(),
  merchants: z.array(z.object({ id, name: z.string(), slug: z.string() })),
});

export const contactCounts = z.object({ whatsapp: count, call: count, email: count });

/** GET /api/merchant/{merchantId}/stats: days are El Salvador calendar days. */
export const merchantStats = z.object({
  last7Days: contactCounts,
  last30Days: contactCounts,
  /** The last 30 days, oldest first, every day present (zeros included), for the chart. */
  daily: z.array(z.object({ date: z.string(), views: count, ...contactCounts.shape })),
  /** Its products by views in the last 30 days, most viewed first (at most 10). */
  topProducts: z.array(z.object({ id, name: z.string(), slug: z.string(), views: count })),
});

export const signInEmail = z.object({
  /** The address that receives the sign-in links. */
  email: z.string(),
  /** False while it is simply the merchant's contact e-mail. */
  custom: z.boolean(),
});

/** POST /api/admin/merchants/{id}/login-link: 202, the link went to `email`. */
export const loginLinkSent = z.object({ message: z.string(), email: z.string() });

/** One change, for GET /api/admin/merchants/{id}/audit. */
export const merchantAuditEntry = z.object({
  id,
  merchantId: id,
  /** Who: the e-mail of the merchant user, or the administrator's username or e-mail. */
  actor: z.string(),
  actorRole: z.enum(["merchant", "admin"]),
  /** What: 'profile.update', 'product.create', 'order.status', 'sign-in-email.update'… */
  action: z.string(),
  /** A short Spanish description (product name, new status, changed fields). */
  summary: z.string(),
  createdAt: timestamp,
});
