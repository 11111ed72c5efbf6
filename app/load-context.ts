import type { Config } from "../server/env";
import type { Services } from "../server/services";
import type { UserDto } from "../shared/api-types";

/** What the server hands every loader (server/http/web-app.ts): the same services as the API. */
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    config: Config;
    currentUser(): Promise<UserDto | null>;
  }
}

export {};
