import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { uploadsDirectory } from "./uploads.service";

/**
 * What @fastify/static refuses keeps its client-error status through the app's error
 * handler (it answered 500 before): a dotfile, a folder or a path that climbs out of its
 * root is 403, a range past the end 416, a broken URL 400; always our Spanish JSON.
 */
describe("static files refused through the whole app", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    writeFileSync(join(uploadsDirectory(t.config.dataDir), ".secreto"), "no");
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("answers 403 for dotfiles, folders and paths out of the root, never 500", async () => {
    for (const url of [
      "/uploads/.secreto",
      "/images/.env",
      "/images/.well-known/x",
      "/uploads/",
      "/images/",
      "/images/..%2f..%2fpackage.json",
      "/uploads/..%2f..%2fpackage.json",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: "Acceso denegado", code: "forbidden" });
      expect(res.headers["cache-control"] ?? "", url).not.toContain("immutable");
    }
  });

  it("answers 400 for a NUL byte or broken percent-encoding in the path", async () => {
    for (const url of ["/uploads/%00", "/images/a%00b.png", "/images/%c0"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: "Solicitud inválida", code: "bad_request" });
    }
  });

  it("answers 416 for a range past the end of a file, and serves a valid range", async () => {
    const past = await get("/images/favicon.svg", { range: "bytes=100000-" });
    expect(past.statusCode).toBe(416);
    expect(past.json()).toEqual({
      message: "El rango solicitado no es válido",
      code: "bad_request",
    });
    const first = await get("/images/favicon.svg", { range: "bytes=0-3" });
    expect(first.statusCode).toBe(206);
    expect(first.body).toBe("<svg");
  });
});
