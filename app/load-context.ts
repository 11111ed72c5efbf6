import type { Config } from "../server/env";
import type { Services } from "../server/services";
import type { UserDto } from "../shared/api-types";

/** What the server hands every loader (server/http/web-app.ts): the same services as the API. */
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    config: Config;
    currentUser(): Promise<UserDto | null>;
    /**
     * The client's address as the per-address limits count it (server/http/rate-limit/,
     * clientAddressKey): the order page's lookups at Wompi are limited by it (issue 26).
     */
    clientAddress: string;
    /**
     * The server's secret mark for the inline scripts a render writes itself: the `nonce` of
     * each (app/entry.server.tsx). Only scripts carrying it are allowed by the page's
     * Content-Security-Policy, and the server cuts it out of the page before sending it
     * (server/http/security-headers.ts, ownInlineScripts). Never put it in loader data.
     */
    scriptMarker: string;
  }
}

export {};
