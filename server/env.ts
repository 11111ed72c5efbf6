import { isIP } from "node:net";
import { z } from "zod";
import { WHATSAPP_API_URL } from "./modules/notices/whatsapp.client";
import { WOMPI_API_URL, WOMPI_AUTH_URL } from "./modules/payments/wompi.client";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** proxy-addr's names for address ranges, accepted by TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length (10.0.0.0/8, fd00::/8) or an IPv4 netmask (10.0.0.0/255.0.0.0).
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * Which proxies may set X-Forwarded-For, in Fastify's trustProxy terms: true (any),
 * false (none), or addresses, CIDRs and proxy-addr's range names. No hop counts: Fastify
 * 5 trusts no one with them, since they cannot check the nearest peer.
 */
const trustProxyText = z
  .string()
  .min(1)
  .transform((value, ctx): boolean | string[] => {
    const text = value.trim().toLowerCase();
    if (text === "true") return true;
    if (text === "false") return false;
    const entries = value
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: "custom",
      message:
        'TRUST_PROXY debe ser "true", "false" o direcciones/CIDR separadas por comas (p. ej. "loopback,10.0.0.0/8")',
    });
    return z.NEVER;
  });

/** An http(s) address without query or fragment; a trailing slash is dropped. */
function httpUrl(name: string) {
  const message = `${name} debe ser una dirección http:// o https:// sin consulta ni fragmento`;
  return z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value);
        return /^https?:$/.test(url.protocol) && !url.search && !url.hash;
      } catch {
        return false;
      }
    }, message)
    .transform((value) => value.replace(/\/+$/, ""));
}

const ORDER_REMINDER_MESSAGE =
  "ORDER_REMINDER_MINUTES debe ser un número entero de minutos de 1 a 1440";
const ORDER_EXPIRY_MESSAGE =
  "ORDER_EXPIRY_MINUTES debe ser un número entero de minutos de 0 (sin vencimiento) a 10080";

const ORDER_PERSONAL_DATA_MESSAGE =
  "ORDER_PERSONAL_DATA_DAYS debe ser un número entero de días de 30 a 3650";

const COMMISSION_MESSAGE =
  "COMMISSION_PERCENT debe ser un porcentaje de 0 a 100 con hasta dos decimales";

const WOMPI_TIMEOUT_MESSAGE = "WOMPI_TIMEOUT_MS debe ser un número de milisegundos de 1000 a 60000";

/** The environment of decisions §1, checked once at start. */
const envSchema = z.object({
  // Production unless said otherwise: the server's own mode comes from its entry point
  // (server/index.ts or server/dev.ts), this default is for the tools (npm run admin…).
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL debe empezar con postgres://")
    .optional(),
  DEMO_DATA: booleanText.optional(),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD necesita al menos 8 caracteres").optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET necesita al menos 32 caracteres").optional(),
  PUBLIC_URL: z.url().optional(),
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z.string().optional(),
  TRUST_PROXY: trustProxyText.default(["loopback"]),
  // "off" answers every public read from the database (diagnosis, and the benchmark's
  // uncached figures); see docs/decisions/0003-public-read-cache.md.
  CATALOGUE_CACHE: z
    .enum(["on", "off"], { error: 'CATALOGUE_CACHE debe ser "on" u "off"' })
    .default("on"),
  // What the rendered pages kept in memory may hold together, in MiB (server/cache/page-cache.ts).
  PAGE_CACHE_MB: z.coerce
    .number({ error: "PAGE_CACHE_MB debe ser un número entero de megabytes de 1 a 4096" })
    .int("PAGE_CACHE_MB debe ser un número entero de megabytes de 1 a 4096")
    .min(1, "PAGE_CACHE_MB debe ser un número entero de megabytes de 1 a 4096")
    .max(4096, "PAGE_CACHE_MB debe ser un número entero de megabytes de 1 a 4096")
    .default(32),
  // Bearer token of GET /metrics; unset: only this machine (loopback) may read it.
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN necesita al menos 16 caracteres").optional(),
  /** 'all': /api/docs lists every operation to everyone in production too (issue 37, L9). */
  API_DOCS: z.enum(["all", "public"], { message: "API_DOCS es 'all' o 'public'" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  // Hours between runs of the purge of old carts, sessions, links, counters and sent mail
  // (server/maintenance/purge.ts); 0 switches it off.
  PURGE_INTERVAL_HOURS: z.coerce
    .number({ error: "PURGE_INTERVAL_HOURS debe ser un número de horas de 0 a 720" })
    .min(0, "PURGE_INTERVAL_HOURS debe ser un número de horas de 0 a 720")
    .max(720, "PURGE_INTERVAL_HOURS debe ser un número de horas de 0 a 720")
    .default(24),
  // Worker processes of `npm start` on one port (server/cluster.ts); PostgreSQL only.
  WEB_CONCURRENCY: z.coerce
    .number({ error: "WEB_CONCURRENCY debe ser un número entero de 1 a 64" })
    .int("WEB_CONCURRENCY debe ser un número entero de 1 a 64")
    .min(1, "WEB_CONCURRENCY debe ser un número entero de 1 a 64")
    .max(64, "WEB_CONCURRENCY debe ser un número entero de 1 a 64")
    .default(1),
  // E-mail (issue 10): without SMTP_URL the messages are logged and kept in the outbox.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL debe empezar con smtp:// o smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3, "MAIL_FROM inválido").optional(),
  // Card payment through Wompi El Salvador: offered only when both id and secret are set.
  WOMPI_APP_ID: z.string().min(1).optional(),
  WOMPI_API_SECRET: z.string().min(1).optional(),
  WOMPI_API_URL: z.url().default(WOMPI_API_URL),
  WOMPI_AUTH_URL: z.url().default(WOMPI_AUTH_URL),
  // Each call to Wompi answers within this (issue 26): a checkout never hangs on it.
  WOMPI_TIMEOUT_MS: z.coerce
    .number({ error: WOMPI_TIMEOUT_MESSAGE })
    .int(WOMPI_TIMEOUT_MESSAGE)
    .min(1000, WOMPI_TIMEOUT_MESSAGE)
    .max(60_000, WOMPI_TIMEOUT_MESSAGE)
    .default(10_000),
  // Tiangue's share of each card order's subtotal (issue 25): 0 to 100, up to two decimals.
  COMMISSION_PERCENT: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, COMMISSION_MESSAGE)
    .refine((v) => Number(v) <= 100, COMMISSION_MESSAGE)
    .default("0"),
  // Uploaded images in an S3-compatible bucket (issue 13): all of the first five, or none.
  S3_ENDPOINT: httpUrl("S3_ENDPOINT").optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "S3_BUCKET debe ser un nombre de bucket válido (3 a 63 letras minúsculas, números, puntos o guiones)",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'S3_REGION inválida (p. ej. "us-east-1" o "auto")')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: httpUrl("S3_PUBLIC_URL").optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, "WHATSAPP_PHONE_NUMBER_ID debe ser el identificador numérico del número")
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_API_URL: httpUrl("WHATSAPP_API_URL").default(WHATSAPP_API_URL),
  WHATSAPP_BUSINESS_ACCOUNT_ID: z
    .string()
    .regex(/^\d{5,30}$/, "WHATSAPP_BUSINESS_ACCOUNT_ID debe ser un identificador numérico")
    .optional(),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT debe empezar con mailto: o https://")
    .optional(),
  ORDER_REMINDER_MINUTES: z.coerce
    .number({ error: ORDER_REMINDER_MESSAGE })
    .int(ORDER_REMINDER_MESSAGE)
    .min(1, ORDER_REMINDER_MESSAGE)
    .max(1440, ORDER_REMINDER_MESSAGE)
    .default(10),
  ORDER_EXPIRY_MINUTES: z.coerce
    .number({ error: ORDER_EXPIRY_MESSAGE })
    .int(ORDER_EXPIRY_MESSAGE)
    .min(0, ORDER_EXPIRY_MESSAGE)
    .max(10_080, ORDER_EXPIRY_MESSAGE)
    .default(60),
  // Issue 37: days after delivery or cancellation before an order's personal data is erased
  // by the daily purge (at least the withdrawal and refund periods, at most ten years).
  ORDER_PERSONAL_DATA_DAYS: z.coerce
    .number({ error: ORDER_PERSONAL_DATA_MESSAGE })
    .int(ORDER_PERSONAL_DATA_MESSAGE)
    .min(30, ORDER_PERSONAL_DATA_MESSAGE)
    .max(3650, ORDER_PERSONAL_DATA_MESSAGE)
    .default(730),
});

/** WhatsApp's variables that must come together (issue 35); the API URL and WABA id are optional. */
const WHATSAPP_REQUIRED = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** The S3_* variables that must come together (S3_PUBLIC_URL is optional beside them). */
const S3_REQUIRED = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

export type Env = z.infer<typeof envSchema>;

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demoData: boolean;
  adminUsername?: string;
  adminPassword?: string;
  sessionSecret?: string;
  publicUrl: string;
  oidc?: { issuerUrl: string; clientId: string; clientSecret: string };
  adminEmails: string[];
  logLevel: string;
  /**
   * API_DOCS: 'all' lists every operation in /api/docs to everyone; otherwise, in production,
   * merchant, admin and operator operations only to an administrator's session.
   */
  apiDocs: "all" | "public";
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset: loopback only. */
  metricsToken?: string;
  /** Who may set X-Forwarded-For (TRUST_PROXY): all, none or these addresses. */
  trustProxy: boolean | string[];
  /** Public reads and anonymous pages are cached in memory (CATALOGUE_CACHE, default on). */
  catalogueCache: boolean;
  /** MiB the kept rendered pages may hold together, municipality variants included (PAGE_CACHE_MB, default 32). */
  pageCacheMb: number;
  /** Hours between runs of the daily purge (PURGE_INTERVAL_HOURS, default 24; 0: off). */
  purgeIntervalHours: number;
  /** Worker processes on one port (WEB_CONCURRENCY, default 1; PostgreSQL only). */
  webConcurrency: number;
  /** SMTP_URL and MAIL_FROM; no smtpUrl: e-mails are logged, not sent. */
  mail: { smtpUrl?: string; from?: string };
  /** WOMPI_*: card payment is offered only when this is set. */
  wompi?: { appId: string; apiSecret: string; apiUrl: string; authUrl: string; timeoutMs: number };
  /** S3_*: uploaded images live in this bucket; unset, in DATA_DIR/uploads. */
  objectStorage?: ObjectStorageConfig;
  /** COMMISSION_PERCENT as exact text ("5.5"): Tiangue's share of a card order's subtotal. */
  commissionPercent: string;
  /** WHATSAPP_*: WhatsApp notices are sent (and offered) only when this is set. */
  whatsapp?: WhatsAppConfig;
  /** VAPID_*: unset keys are generated once and kept in the database (app_settings). */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  /** Minutes of open time before an order still 'Recibido' reminds its merchant (default 10). */
  orderReminderMinutes: number;
  /** Minutes of open time before such an order is cancelled (default 60; 0: never). */
  orderExpiryMinutes: number;
  /** Days after delivery or cancellation an order keeps its shopper's data (default 730). */
  orderPersonalDataDays: number;
}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  apiUrl: string;
  businessAccountId?: string;
}

export interface ObjectStorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_PUBLIC_URL: where browsers read the bucket's objects (a CDN); no trailing slash. */
  publicUrl?: string;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' .env files.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.SMTP_URL && !env.MAIL_FROM) {
    throw new Error(
      "Configuración inválida:\n  MAIL_FROM: es obligatorio cuando SMTP_URL está configurado",
    );
  }
  // E-mailed links and Wompi's return and webhook are absolute: in production they must
  // not point at localhost (issue 26).
  const wompiGiven = Boolean(env.WOMPI_APP_ID && env.WOMPI_API_SECRET);
  const whatsappSet = Boolean(env.WHATSAPP_TOKEN);
  if (
    env.NODE_ENV === "production" &&
    !env.PUBLIC_URL &&
    (env.SMTP_URL || wompiGiven || whatsappSet)
  ) {
    const needs = env.SMTP_URL
      ? "SMTP_URL"
      : wompiGiven
        ? "WOMPI_APP_ID/WOMPI_API_SECRET"
        : "WHATSAPP_TOKEN";
    throw new Error(
      "Configuración inválida:\n  PUBLIC_URL: es obligatorio en producción con " +
        `${needs} (los enlaces de los correos, de los avisos y el regreso de Wompi apuntarían a localhost)`,
    );
  }
  const s3Given = S3_REQUIRED.filter((name) => env[name] !== undefined);
  if ((s3Given.length > 0 || env.S3_PUBLIC_URL) && s3Given.length < S3_REQUIRED.length) {
    const missing = S3_REQUIRED.filter((name) => env[name] === undefined);
    throw new Error(
      "Configuración inválida:\n" +
        missing
          .map(
            (name) =>
              `  ${name}: es obligatorio para guardar las imágenes en S3 (configure ${S3_REQUIRED.join(", ")} o ninguna)`,
          )
          .join("\n"),
    );
  }
  const whatsappGiven = WHATSAPP_REQUIRED.filter((name) => env[name] !== undefined);
  if (whatsappGiven.length > 0 && whatsappGiven.length < WHATSAPP_REQUIRED.length) {
    const missing = WHATSAPP_REQUIRED.filter((name) => env[name] === undefined);
    throw new Error(
      "Configuración inválida:\n" +
        missing
          .map(
            (name) =>
              `  ${name}: es obligatorio para los avisos por WhatsApp (configure ${WHATSAPP_REQUIRED.join(", ")} o ninguna)`,
          )
          .join("\n"),
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error(
      `Configuración inválida:\n  ${env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas (sin ellas se generan una vez)`,
    );
  }
  const oidc =
    env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuerUrl: env.OIDC_ISSUER_URL,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
        }
      : undefined;
  return {
    production: env.NODE_ENV === "production",
    port: env.PORT,
    // The development server (Vite, sources) answers only this machine unless HOST says otherwise.
    host: env.HOST ?? (env.NODE_ENV === "development" ? "127.0.0.1" : "0.0.0.0"),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    demoData: env.DEMO_DATA ?? !env.DATABASE_URL,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    sessionSecret: env.SESSION_SECRET,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    oidc,
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    metricsToken: env.METRICS_TOKEN,
    apiDocs: env.API_DOCS ?? "public",
    catalogueCache: env.CATALOGUE_CACHE === "on",
    pageCacheMb: env.PAGE_CACHE_MB,
    webConcurrency: env.WEB_CONCURRENCY,
    purgeIntervalHours: env.PURGE_INTERVAL_HOURS,
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    wompi:
      env.WOMPI_APP_ID && env.WOMPI_API_SECRET
        ? {
            appId: env.WOMPI_APP_ID,
            apiSecret: env.WOMPI_API_SECRET,
            apiUrl: env.WOMPI_API_URL,
            authUrl: env.WOMPI_AUTH_URL,
            timeoutMs: env.WOMPI_TIMEOUT_MS,
          }
        : undefined,
    commissionPercent: env.COMMISSION_PERCENT,
    whatsapp:
      env.WHATSAPP_TOKEN &&
      env.WHATSAPP_PHONE_NUMBER_ID &&
      env.WHATSAPP_APP_SECRET &&
      env.WHATSAPP_VERIFY_TOKEN
        ? {
            token: env.WHATSAPP_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            apiUrl: env.WHATSAPP_API_URL,
            businessAccountId: env.WHATSAPP_BUSINESS_ACCOUNT_ID,
          }
        : undefined,
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
    },
    orderReminderMinutes: env.ORDER_REMINDER_MINUTES,
    orderExpiryMinutes: env.ORDER_EXPIRY_MINUTES,
    orderPersonalDataDays: env.ORDER_PERSONAL_DATA_DAYS,
    objectStorage:
      env.S3_ENDPOINT &&
      env.S3_BUCKET &&
      env.S3_REGION &&
      env.S3_ACCESS_KEY_ID &&
      env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : undefined,
  };
}
