import { createContext, useContext } from "react";

/**
 * The server's mark for the inline scripts a render writes itself (AppLoadContext's
 * `scriptMarker`), given to them as their `nonce`: the page's Content-Security-Policy allows
 * those scripts alone, by hash, and the server cuts the mark out of the page before it is
 * sent (server/http/security-headers.ts). Provided by app/entry.server.tsx; undefined in the
 * browser, which renders these scripts without a nonce, as the page it received has them.
 */
export const ScriptMarker = createContext<string | undefined>(undefined);

/** The `nonce` to give an inline script rendered by our own components. */
export function useScriptMarker(): string | undefined {
  return useContext(ScriptMarker);
}
