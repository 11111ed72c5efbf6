import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseShareImagePath,
  SHARE_IMAGE_MAX_BYTES,
  shareImagePath,
} from "../../../shared/share-image";
import { loadConfig } from "../../env";
import { createTestApp, type TestApp } from "../../test/test-app";
import { detectImageFormat } from "./images";
import { createUploadsService } from "./uploads.service";
import { uploadsStatic } from "./uploads.static";

// Link-preview JPEGs (issue 15.6): made at upload beside the WebP widths, or on first request.

const dataDir = mkdtempSync(join(tmpdir(), "tiangue-share-"));
const app = Fastify();
const service = createUploadsService({
  config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
});
const fileOf = (url: string) => join(dataDir, "uploads", url.replace(/^\/uploads\//, ""));

/** Random pixels: the worst case for JPEG size, so the 300 KB bound is really exercised. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function expectPreviewJpeg(data: Buffer, width: number, height: number) {
  expect(detectImageFormat(data)).toBe("jpeg");
  expect(data.length).toBeLessThan(SHARE_IMAGE_MAX_BYTES);
  const meta = await sharp(data).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", width, height]);
}

beforeAll(async () => {
  await app.register(uploadsStatic, { dataDir, imagesDir: join(dataDir, "images") });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("preview JPEGs made at upload", () => {
  it("a merchant banner gets a 1200×630 JPEG under 300 KB beside its WebP widths", async () => {
    const saved = await service.saveImage(
      { buffer: await noisyPng(1600, 500) },
      { maxBytes: 20e6, kind: "merchantImage" },
    );
    const jpeg = shareImagePath(saved.url, "wide")!;
    expect(jpeg).toBe(saved.url.replace(/\.webp$/, "-og-wide.jpg"));
    await expectPreviewJpeg(readFileSync(fileOf(jpeg)), 1200, 630);
    // Only the shape its kind needs is made at upload.
    expect(existsSync(fileOf(shareImagePath(saved.url, "square")!))).toBe(false);
  });

  it("a product picture gets a 1200×1200 JPEG, smaller than 300 KB even for pure noise", async () => {
    const saved = await service.saveImage(
      { buffer: await noisyPng(1400, 1400) },
      { maxBytes: 20e6, kind: "productImage" },
    );
    await expectPreviewJpeg(readFileSync(fileOf(shareImagePath(saved.url, "square")!)), 1200, 1200);
  });

  it("a logo is put whole on a white 1200×630 background, its transparency white too", async () => {
    const logo = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="100" fill="#b91c1c"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const saved = await service.saveImage(
      { buffer: logo },
      { maxBytes: 1e6, kind: "merchantLogo" },
    );
    const data = readFileSync(fileOf(shareImagePath(saved.url, "logo")!));
    await expectPreviewJpeg(data, 1200, 630);
    const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...pixels.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    // The corner (background) and the logo's transparent corner are white; the centre is the logo's red.
    for (const [x, y] of [
      [5, 5],
      [600 - 200, 315 - 200],
    ]) {
      for (const channel of at(x, y)) expect(channel).toBeGreaterThan(245);
    }
    const [r, g, b] = at(600, 315);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });
});

describe("preview JPEGs of pictures from before: made on first request", () => {
  let stored = "";
  beforeAll(async () => {
    // No kind: no preview at upload, as for every picture uploaded before previews existed.
    stored = (await service.saveImage({ buffer: await noisyPng(900, 600) }, { maxBytes: 20e6 }))
      .url;
  });

  it("answers image/jpeg, cached for ever, and keeps the file for the next request", async () => {
    const url = shareImagePath(stored, "wide")!;
    expect(existsSync(fileOf(url))).toBe(false);
    // Two previews asked at once (WhatsApp and Facebook) share one encoding.
    const [first, second] = await Promise.all([
      app.inject({ method: "GET", url }),
      app.inject({ method: "GET", url }),
    ]);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    await expectPreviewJpeg(first.rawPayload, 1200, 630);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(readFileSync(fileOf(url)).equals(first.rawPayload)).toBe(true);

    // From now on the static server answers from disk.
    const again = await app.inject({ method: "GET", url });
    expect(again.statusCode).toBe(200);
    expect(again.headers["content-type"]).toBe("image/jpeg");
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("covers the demo catalogue's pictures the same way (the seeder writes only WebP)", async () => {
    // Named as server/demo/images.ts names them.
    mkdirSync(join(dataDir, "uploads", "demo"), { recursive: true });
    writeFileSync(
      fileOf("/uploads/demo/banner-la-ceiba-1200.webp"),
      await sharp(await noisyPng(1200, 400))
        .webp()
        .toBuffer(),
    );
    const res = await app.inject({
      method: "GET",
      url: "/uploads/demo/banner-la-ceiba-1200-og-wide.jpg",
    });
    expect(res.statusCode).toBe(200);
    await expectPreviewJpeg(res.rawPayload, 1200, 630);
  });

  it("makes the square shape of the same picture too", async () => {
    const res = await app.inject({ method: "GET", url: shareImagePath(stored, "square")! });
    expect(res.statusCode).toBe(200);
    await expectPreviewJpeg(res.rawPayload, 1200, 1200);
  });

  it("answers the Spanish 404 for a preview of no picture, or a name it does not make", async () => {
    for (const url of [
      "/uploads/2020/01/nada-1600-og-wide.jpg",
      stored.replace(/\.webp$/, "-og-huge.jpg"),
      stored.replace(/\.webp$/, "-og-wide.png"),
      "/images/hero-1200-og-wide.jpg",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Imagen no encontrada", code: "not_found" });
    }
    const escape = await app.inject({ method: "GET", url: "/uploads/..%2f..%2fetc-1-og-wide.jpg" });
    expect(escape.statusCode).toBeGreaterThanOrEqual(400);
    expect(escape.statusCode).toBeLessThan(500);
  });
});

describe("POST /api/upload/image?kind=", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("makes the preview its kind needs: a product picture gets its square JPEG", async () => {
    const png = await sharp({
      create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const boundary = "----tiangue-share-boundary";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.asAdmin({
      method: "POST",
      url: "/api/upload/image?kind=productImage",
      payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    // The answer is the spec's: the JPEG is found by its name, not listed.
    const { url } = res.json() as { url: string };
    const jpeg = readFileSync(join(t.config.dataDir, shareImagePath(url, "square")!));
    await expectPreviewJpeg(jpeg, 1200, 1200);
  });
});

describe("preview names", () => {
  it("pair every stored WebP with one JPEG per shape, and read back", () => {
    expect(shareImagePath("/uploads/2026/11/ab12-1600.webp", "wide")).toBe(
      "/uploads/2026/11/ab12-1600-og-wide.jpg",
    );
    expect(parseShareImagePath("/uploads/demo/banner-la-ceiba-1200-og-logo.jpg")).toEqual({
      source: "/uploads/demo/banner-la-ceiba-1200.webp",
      shape: "logo",
    });
    for (const url of [
      "/images/hero-1200.webp",
      "https://example.test/a-1200.webp",
      "/uploads/../x-1.webp",
      "/uploads/2026/11/ab12.webp",
    ]) {
      expect(shareImagePath(url, "wide"), url).toBeNull();
    }
    expect(parseShareImagePath("/uploads/../x-1-og-wide.jpg")).toBeNull();
  });
});
