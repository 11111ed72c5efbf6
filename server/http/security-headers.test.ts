import { createHash } from "node:crypto";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Config } from "../env";
import { inlineScriptHashes, pagePolicy, securityHeaders } from "./security-headers";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("inlineScriptHashes", () => {
  it("hashes each inline script that may run, as the browser reads its text", () => {
    const html = [
      "<script>window.__ctx = {};</script>",
      '<script type="module">import "/assets/a.js";</script>',
      '<script type="text/x-deferred-module">import("/assets/b.js");</script>',
      "<SCRIPT>a();\r\nb();\rc();</SCRIPT >",
      "<script>window.__ctx = {};</script>",
    ].join("");
    expect(inlineScriptHashes(html).sort()).toEqual(
      [
        sha256("window.__ctx = {};"),
        sha256('import "/assets/a.js";'),
        sha256('import("/assets/b.js");'),
        sha256("a();\nb();\nc();"),
      ].sort(),
    );
  });

  it("finds the same scripts in a page's bytes as in its text", () => {
    const html = [
      "<!DOCTYPE html><html><head><script>window.ñandú = 1;</script>",
      '<script type="application/ld+json">{"name":"Café"}</script></head><body>',
      "<p>Pupusas &lt;script&gt; de queso</p>",
      '<script type="module">import "/assets/a.js";</script>',
      "<SCRIPT>a();\r\nb();</SCRIPT >",
      "<script>unfinished(",
    ].join("");
    const fromBytes = inlineScriptHashes(Buffer.from(html, "utf8"));
    expect(fromBytes).toEqual(inlineScriptHashes(html));
    expect(fromBytes).toHaveLength(3);
    expect(fromBytes).toContain(sha256("window.ñandú = 1;"));
    expect(inlineScriptHashes(Buffer.from("<p>sin scripts</p>"))).toEqual([]);
  });

  it("leaves out data blocks and scripts loaded from a file", () => {
    const html =
      '<script type="application/ld+json">{"@type":"Product"}</script>' +
      '<script type="module" src="/assets/entry.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe("pagePolicy", () => {
  it("allows only the own origin, the page's inline scripts and no framing", () => {
    const policy = pagePolicy("<p>hola</p><script>go()</script>");
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
});
