import { createHash, randomBytes } from "node:crypto";
import fp from "fastify-plugin";
import type { Config } from "../env";

/**
 * Security headers of every answer (issue 14.7). Pages get a Content-Security-Policy that
 * allows only the product's own origin (sendPage in web-app.ts, with the hashes of the inline
 * scripts Tiangue itself wrote into the page, issue 26); everything else (the JSON API,
 * images, errors) a policy that allows nothing, since none of it is a document that should
 * run or embed anything.
 */

/** Answers that are not pages: nothing may run, load or frame them. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The service worker (public/sw.js, served at /sw.js by web-app.ts). A worker runs under the
 * policy of its own script's answer, not the page's: it fetches the pages and built files
 * from our origin and nothing else, and loads no script.
 */
const SERVICE_WORKER_PATH = "/sw.js";
const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'";

/**
 * The API's documentation page (server/http/openapi.ts): Swagger UI's own files, from our
 * origin only, with the inline styles it sets; it fetches the document from here.
 */
export const API_DOCS_PATH = "/api/docs";
const API_DOCS_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; " +
  "base-uri 'none'; form-action 'none'";

/** The policy of an answer that is not a page, by its route. */
function nonPagePolicy(route: string | undefined): string {
  if (route === SERVICE_WORKER_PATH) return SERVICE_WORKER_POLICY;
  if (route === API_DOCS_PATH || route?.startsWith(`${API_DOCS_PATH}/`)) return API_DOCS_POLICY;
  return NON_PAGE_POLICY;
}

/** One year: browsers then reach the site over HTTPS only. */
const HSTS = "max-age=31536000";

export const securityHeaders = fp(
  async (app) => {
    const production = app.config.production;
    // A callback hook, not an async one: no promise per answer (issue 13).
    app.addHook("onSend", (request, reply, payload, done) => {
      if (!reply.hasHeader("content-security-policy")) {
        reply.header("content-security-policy", nonPagePolicy(request.routeOptions.url));
      }
      reply.header("x-content-type-options", "nosniff");
      reply.header("referrer-policy", "strict-origin-when-cross-origin");
      // For browsers without CSP's frame-ancestors.
      reply.header("x-frame-options", "DENY");
      // Only in production and only over HTTPS (request.protocol reads X-Forwarded-Proto from a
      // trusted proxy): a browser ignores it over HTTP, and on localhost it would outlive the test.
      if (production && request.protocol === "https") {
        reply.header("strict-transport-security", HSTS);
      }
      done(null, payload);
    });
  },
  { name: "security-headers" },
);

/**
 * The policy of a page. Scripts: our own files, plus, by their SHA-256, the inline scripts
 * Tiangue itself wrote into the page while rendering it (`ownInlineScripts`): React Router's
 * data hand-off and streamed data, its scroll restoration, the script that starts the code
 * after the first paint and the module code it inserts (app/components/layout/deferred-scripts.tsx),
 * the root's Zod setting and React's own streaming scripts. Any other inline script, one a
 * bug let into the page through a field, gets no hash, and the browser refuses it. Hashes
 * and not a per-request nonce, because anonymous pages are kept and served to many requests
 * (PageCache): they are computed once per rendered page.
 * Styles need 'unsafe-inline': pages carry style="" attributes rendered by React (e.g.
 * widths of rating bars, Radix's positioning), which a hash cannot allow in HTML.
 */
export function pagePolicy(
  scriptHashes: readonly string[],
  config?: Pick<Config, "objectStorage">,
): string {
  const scripts = ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)];
  // Images stored in a bucket behind a CDN (S3_PUBLIC_URL) load from its origin.
  const cdn = config?.objectStorage?.publicUrl;
  const images = ["'self'", "data:", "blob:", ...(cdn ? [new URL(cdn).origin] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A new marker for the inline scripts a render writes itself: 128 random bits, per server. */
export function newScriptMarker(): string {
  return randomBytes(16).toString("hex");
}

const NONCE_ATTRIBUTE = Buffer.from(' nonce="');
const SCRIPT_END = Buffer.from("</script");

/**
 * A page as rendered → the page to send, and the hashes of the inline scripts Tiangue wrote
 * into it itself.
 *
 * During a render, whatever writes an inline script is given the server's marker
 * (`newScriptMarker`, never sent) as its `nonce`: React's streaming scripts, React Router's
 * scripts (it puts it on the <link>s it writes too), the root's and DeferredScripts'
 * (app/entry.server.tsx, app/root.tsx). The page's bytes are searched for the marker, as
 * bytes: every `nonce="<marker>"` is cut out of the page, so the marker never reaches a
 * browser, a cache or an ETag; where it sits in a <script> start tag, that script's text
 * alone is decoded and hashed, as the browser computes it (CR LF and CR read as LF). Data
 * blocks (`application/ld+json`) never run and scripts with a `src` have no text to allow.
 * An inline script without the marker, one that came into the page with a field through a
 * bug, and whose author cannot know the marker, gets no hash: the browser refuses it.
 *
 * The marker anywhere else (a loader that returned the load context, say) would be sent as
 * it is: such a page is refused instead, with an error (a 500), never sent.
 */
export function ownInlineScripts(html: Buffer, marker: string): { html: Buffer; hashes: string[] } {
  const needle = Buffer.from(marker, "utf8");
  const hashes = new Set<string>();
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(needle); at >= 0; at = html.indexOf(needle, at + needle.length)) {
    const start = at - NONCE_ATTRIBUTE.length;
    const end = at + needle.length + 1;
    if (
      start < from ||
      !html.subarray(start, at).equals(NONCE_ATTRIBUTE) ||
      html[end - 1] !== 0x22 // "
    ) {
      throw new Error("A page holds the script marker outside a nonce attribute: not sent.");
    }
    const text = ownScriptText(html, start, end);
    if (text !== undefined) {
      const normalized = text.replace(/\r\n?/g, "\n");
      hashes.add(createHash("sha256").update(normalized, "utf8").digest("base64"));
    }
    kept.push(html.subarray(from, start));
    from = end;
  }
  if (from === 0) return { html, hashes: [] };
  kept.push(html.subarray(from));
  return { html: Buffer.concat(kept), hashes: [...hashes] };
}

/**
 * The text of the inline script whose start tag holds the marked attribute
 * `html[start, end)`, if it is one that may run; undefined for a <link>, a data block, a
 * script with a `src` or one never closed. React writes `</script` in lower case; our own
 * scripts' text never holds it in another case (React Router escapes `<` in it), and should
 * it ever, the hash would not match what the browser reads, the safe side.
 */
function ownScriptText(html: Buffer, start: number, end: number): string | undefined {
  const open = html.lastIndexOf(0x3c, start); // <
  const close = html.indexOf(0x3e, end); // >
  if (open < 0 || close < 0) return undefined;
  const tag = html.toString("utf8", open, close + 1);
  if (!/^<script\b[^<>]*>$/i.test(tag) || /\ssrc\s*=/i.test(tag)) return undefined;
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
  if (type?.endsWith("json")) return undefined;
  const textEnd = html.indexOf(SCRIPT_END, close + 1);
  return textEnd < 0 ? undefined : html.toString("utf8", close + 1, textEnd);
}
