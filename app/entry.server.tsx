// The server entry runs only on the server (so does React Router's default one, the same import).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { ScriptMarker } from "./lib/script-marker";

/**
 * React Router's default server entry (@react-router/dev's entry.server.node.tsx), with one
 * change (issue 26): every inline script the render writes carries the server's script
 * marker as its `nonce` (AppLoadContext's `scriptMarker`), so that the page's
 * Content-Security-Policy allows those scripts, by hash, and nothing else inline
 * (server/http/security-headers.ts, docs/decisions/0025). It reaches React's own streaming
 * scripts (`nonce` of renderToPipeableStream), React Router's (<ServerRouter nonce>: its
 * streamed data, and the default of <Scripts> and <ScrollRestoration>), and our components'
 * (the ScriptMarker context: app/root.tsx, app/components/layout/deferred-scripts.tsx). The server
 * cuts it out of the page before the page is kept, tagged or sent.
 */

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.scriptMarker;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots and SPA Mode renders wait for all content to load before responding.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after `streamTimeout`, leaving it time to flush down the
    // rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ScriptMarker.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ScriptMarker.Provider>,
      {
        nonce,
        // A Suspense boundary whose content is already rendered is written in place. React's
        // default (12,800 bytes) writes a larger one after the rest of the page, behind its
        // placeholder, and swaps it in by script: the browser would paint the registration
        // form's placeholder first (issue 27). Our pages render in one go, so nothing is
        // gained by splitting them.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout: the closure would otherwise be kept, and its memory.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of streamed parts, after the shell; the shell's own are logged by React
          // Router's handleDocumentRequest, which gets the rejection.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
