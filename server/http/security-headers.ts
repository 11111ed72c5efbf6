import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import type { Config } from "../env";

/**
 * Security headers of every answer (issue 14.7). Pages get a Content-Security-Policy that
 * allows only the product's own origin (sendPage in web-app.ts, with the hashes of the page's
 * inline scripts); everything else (the JSON API, images, errors) a policy that allows nothing,
 * since none of it is a document that should run or embed anything.
 */

/** Answers that are not pages: nothing may run, load or frame them. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** One year: browsers then reach the site over HTTPS only. */
const HSTS = "max-age=31536000";

export const securityHeaders = fp(
  async (app) => {
    const production = app.config.production;
    // A callback hook, not an async one: no promise per answer (issue 13).
    app.addHook("onSend", (request, reply, payload, done) => {
      if (!reply.hasHeader("content-security-policy")) {
        reply.header("content-security-policy", NON_PAGE_POLICY);
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
 * The policy of a page. Scripts: our own files, plus the page's inline scripts by their
 * SHA-256 (React Router's data hand-off, the script that starts the code after the first
 * paint, the module code it inserts — app/components/deferred-scripts.tsx — and React's
 * streaming scripts). Hashes and not a per-request nonce, because anonymous pages are kept
 * and served to many requests (PageCache): the hashes are computed once per rendered page.
 * Styles need 'unsafe-inline': pages carry style="" attributes rendered by React (e.g.
 * widths of rating bars, Radix's positioning), which a hash cannot allow in HTML.
 */
export function pagePolicy(html: string | Buffer, config?: Pick<Config, "objectStorage">): string {
  const scripts = ["'self'", ...inlineScriptHashes(html).map((hash) => `'sha256-${hash}'`)];
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

/** An inline script element: its attributes and its text (HTML ends script text at `</script`). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * Base64 SHA-256 of the text of each inline script that may run, as the browser computes it
 * (after the HTML parser turns CR LF and CR into LF). Data blocks (`application/ld+json`)
 * never run and are left out; scripts with a `src` have no text to allow.
 */
export function inlineScriptHashes(html: string | Buffer): string[] {
  const hashes = new Set<string>();
  const scripts = typeof html === "string" ? html : scriptElements(html);
  for (const [, attributes, text] of scripts.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type?.endsWith("json")) continue;
    const normalized = text.replace(/\r\n?/g, "\n");
    hashes.add(createHash("sha256").update(normalized, "utf8").digest("base64"));
  }
  return [...hashes];
}

const OPENERS = ["<script", "<SCRIPT"];
const CLOSERS = ["</script", "</SCRIPT"];

/**
 * The script elements of a page as sent, decoded alone: a page's bytes are searched for
 * script tags (written in lower case by React; all upper case is found too) and only those
 * are turned into text, instead of the whole page (200 KB for a category page, 3.5 % of its
 * CPU: issue 13). A tag in other mixed case is not found: its script gets no hash, and the
 * browser refuses it, which is the safe side.
 */
function scriptElements(html: Buffer): string {
  const starts: number[] = [];
  for (const opener of OPENERS) {
    for (let at = html.indexOf(opener); at >= 0; at = html.indexOf(opener, at + opener.length)) {
      starts.push(at);
    }
  }
  starts.sort((a, b) => a - b);
  const elements: string[] = [];
  let done = 0;
  for (const start of starts) {
    if (start < done) continue;
    const ends = CLOSERS.map((closer) => html.indexOf(closer, start)).filter((at) => at >= 0);
    if (ends.length === 0) break;
    const close = html.indexOf(">", Math.min(...ends));
    done = close < 0 ? html.length : close + 1;
    elements.push(html.toString("utf8", start, done));
  }
  return elements.join("");
}
