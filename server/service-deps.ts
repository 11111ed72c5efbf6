import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import type { CatalogueCache } from "./cache/index";
import type { Config } from "./env";
import type { MailOutbox } from "./modules/mail/mail.service";
import type { WompiClient } from "./modules/payments/wompi.client";

/*
 * What the services are built from, apart from server/services.ts (which composes them), so
 * that a module never imports the file that imports it.
 */

/** What a script or a test that builds one service alone gives (see serviceDepsFor). */
export interface BaseServiceDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/** What every service is built from. */
export interface ServiceDeps extends BaseServiceDeps {
  /** The durable mail outbox: services enqueue e-mails inside their own transaction. */
  mail: MailOutbox;
  /** Wompi El Salvador's API; null when card payment is not configured (WOMPI_*). */
  wompi: WompiClient | null;
  /**
   * This app's public-read and page cache (server/cache/index.ts): cacheable reads go
   * through `cache.reads`, catalogue writes call `cache.invalidate()` once committed.
   */
  cache: CatalogueCache;
}
