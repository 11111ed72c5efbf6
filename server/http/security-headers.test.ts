import { createHash } from "node:crypto";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Config } from "../env";
import { newScriptMarker, ownInlineScripts, pagePolicy, securityHeaders } from "./security-headers";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

const MARKER = "0123456789abcdef0123456789abcdef";
const own = (attributes = "") => `<script nonce="${MARKER}"${attributes}>`;

describe("ownInlineScripts", () => {
  it("hashes each marked inline script that may run, as the browser reads its text", () => {
    const html = [
      `${own()}window.__ctx = {};</script>`,
      `${own(' type="module" async=""')}import "/assets/a.js";</script>`,
      `${own(' type="text/x-deferred-module"')}import("/assets/b.js");</script>`,
      `<SCRIPT nonce="${MARKER}">a();\r\nb();\rc();</script>`,
      `${own()}window.__ctx = {};</script>`,
    ].join("");
    expect(ownInlineScripts(Buffer.from(html), MARKER).hashes.sort()).toEqual(
      [
        sha256("window.__ctx = {};"),
        sha256('import "/assets/a.js";'),
        sha256('import("/assets/b.js");'),
        sha256("a();\nb();\nc();"),
      ].sort(),
    );
  });

  it("hashes no script without the marker, and cuts the marker out of the page", () => {
    const html = [
      "<!DOCTYPE html><html><head>",
      `${own()}window.ñandú = 1;</script>`,
      `<link rel="modulepreload" href="/assets/a.js" nonce="${MARKER}"/>`,
      '<script type="application/ld+json">{"name":"Café"}</script></head><body>',
      // What a bug in a card's template would let in, with or without a nonce of its own.
      "<li><script>alert(1)</script></li>",
      '<li><script nonce="adivinado">alert(2)</script></li>',
      "<p>Pupusas &lt;script&gt; de queso</p>",
      `<script nonce="${MARKER}" type="module">import "/assets/a.js";</script>`,
      `${own()}unfinished(`,
    ].join("");
    const page = ownInlineScripts(Buffer.from(html, "utf8"), MARKER);
    expect(page.hashes.sort()).toEqual(
      [sha256("window.ñandú = 1;"), sha256('import "/assets/a.js";')].sort(),
    );
    const sent = page.html.toString("utf8");
    expect(sent).not.toContain(MARKER);
    expect(sent).toBe(html.replaceAll(` nonce="${MARKER}"`, ""));
    expect(sent).toContain("<script>window.ñandú = 1;</script>");
    expect(sent).toContain('<link rel="modulepreload" href="/assets/a.js"/>');

    const plain = Buffer.from("<p>sin scripts</p><script>alert(1)</script>");
    expect(ownInlineScripts(plain, MARKER)).toEqual({ html: plain, hashes: [] });
  });

  it("leaves out marked data blocks and scripts loaded from a file", () => {
    const html =
      `${own(' type="application/ld+json"')}{"@type":"Product"}</script>` +
      `${own(' type="module" src="/assets/entry.js"')}</script>`;
    expect(ownInlineScripts(Buffer.from(html), MARKER).hashes).toEqual([]);
  });

  it("refuses a page that holds the marker anywhere but in a nonce attribute", () => {
    for (const html of [
      `${own()}window.__ctx = {"scriptMarker":"${MARKER}"};</script>`,
      `<p>${MARKER}</p>`,
      `<p data-x="${MARKER}"></p>`,
    ]) {
      expect(() => ownInlineScripts(Buffer.from(html), MARKER), html).toThrow(/script marker/);
    }
  });

  it("makes a new marker of 128 random bits each time", () => {
    const marker = newScriptMarker();
    expect(marker).toMatch(/^[0-9a-f]{32}$/);
    expect(newScriptMarker()).not.toBe(marker);
  });
});

describe("pagePolicy", () => {
  it("allows only the own origin, the given inline scripts and no framing", () => {
    const policy = pagePolicy([sha256("go()")]);
    expect(policy).toContain(`script-src 'self' 'sha256-${sha256("go()")}';`);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe("securityHeaders", () => {
  async function hsts(production: boolean, proto: string) {
    const app = Fastify({ trustProxy: true });
    app.decorate("config", { production } as Config);
    await app.register(securityHeaders);
    app.get("/", async () => ({ ok: true }));
    const res = await app.inject({
      method: "GET",
      url: "/",
      headers: { "x-forwarded-proto": proto },
    });
    await app.close();
    return res.headers["strict-transport-security"];
  }

  it("sends HSTS only in production and only over HTTPS", async () => {
    expect(await hsts(true, "https")).toBe("max-age=31536000");
    expect(await hsts(true, "http")).toBeUndefined();
    expect(await hsts(false, "https")).toBeUndefined();
  });

  it("gives the service worker a policy of its own: it fetches from our origin, nothing else", async () => {
    // A worker runs under its script's policy: with the non-page one its fetches all fail.
    const app = Fastify();
    app.decorate("config", { production: true } as Config);
    await app.register(securityHeaders);
    app.get("/sw.js", async (_request, reply) => reply.type("text/javascript").send("//"));
    app.get("/manifest.webmanifest", async () => ({}));
    const worker = await app.inject({ method: "GET", url: "/sw.js?v=2" });
    const other = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    await app.close();
    expect(worker.headers["content-security-policy"]).toBe(
      "default-src 'none'; connect-src 'self'",
    );
    expect(other.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});
