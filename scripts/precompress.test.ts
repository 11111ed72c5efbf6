import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompress } from "./precompress";

describe("precompress", () => {
  const dir = mkdtempSync(join(tmpdir(), "tiangue-precompress-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes brotli and gzip twins of compressible files only", async () => {
    mkdirSync(join(dir, "assets"));
    const script = `export const saludo = ${JSON.stringify("¡Hola, Tiangue! ".repeat(200))};\n`;
    writeFileSync(join(dir, "assets", "app-1a2b.js"), script);
    writeFileSync(join(dir, "assets", "tiny.css"), "a{color:red}");
    writeFileSync(join(dir, "photo.webp"), Buffer.alloc(4096, 7));

    const result = await precompress(dir);
    expect(result.count).toBe(1);
    const js = join(dir, "assets", "app-1a2b.js");
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(existsSync(join(dir, "assets", "tiny.css.br"))).toBe(false);
    expect(existsSync(join(dir, "photo.webp.br"))).toBe(false);
  });
});
