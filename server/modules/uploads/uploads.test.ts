import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import Fastify from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../env";
import { createTestApp, type TestApp } from "../../test/test-app";
import { detectImageFormat, MAX_IMAGE_SIDE } from "./images";
import {
  createPlaceholderCache,
  isPlaceholderSize,
  nearestPlaceholderSize,
  parsePlaceholderSide,
  PLACEHOLDER_SIZES,
} from "./placeholder";
import { PLACEHOLDER_LIMIT } from "./uploads.routes";
import { createUploadsService } from "./uploads.service";
import { uploadsStatic } from "./uploads.static";

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body written by hand, so tests control every declared name and type. */
function multipart(parts: Part[]) {
  const boundary = "----tiangue-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const imagePart = (data: Buffer, filename = "foto.png", contentType = "image/png"): Part => ({
  name: "image",
  data,
  filename,
  contentType,
});

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 90, b: 40, alpha: 1 } } });

/** A valid PNG of any size, made cheaply: 1-bit grey rows of zeros compress to almost nothing. */
function bigPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const UPLOAD_URL = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-\d+\.webp$/;

describe("uploads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = (parts: Part[], query = "") =>
    t.asAdmin({ method: "POST", url: `/api/upload/image${query}`, ...multipart(parts) });
  const fileOf = (url: string) => join(t.config.dataDir, url);

  describe("POST /api/upload/image", () => {
    it("answers 401 without a session", async () => {
      const png = await solid(20, 20).png().toBuffer();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/upload/image",
        ...multipart([imagePart(png)]),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Debes iniciar sesión", code: "unauthorized" });
    });

    it.each([
      ["png", "foto.png", "image/png", () => solid(640, 480).png().toBuffer()],
      ["jpeg", "foto.jpg", "image/jpeg", () => solid(640, 480).jpeg().toBuffer()],
      ["gif", "foto.gif", "image/gif", () => solid(640, 480).gif().toBuffer()],
      ["webp", "foto.webp", "image/webp", () => solid(640, 480, 4).webp().toBuffer()],
    ])("takes a %s and stores WebP files in several widths", async (_format, name, type, make) => {
      const res = await upload([imagePart(await make(), name, type)]);
      expect(res.statusCode).toBe(201);
      const body = res.json() as { url: string; variants: { width: number; url: string }[] };
      expect(body.url).toMatch(UPLOAD_URL);
      expect(body.url.endsWith("-640.webp")).toBe(true);
      expect(body.variants.map((v) => v.width)).toEqual([400, 640]);
      expect(body.variants.at(-1)!.url).toBe(body.url);
      for (const variant of body.variants) {
        expect(variant.url).toMatch(UPLOAD_URL);
        const bytes = readFileSync(fileOf(variant.url));
        expect(detectImageFormat(bytes)).toBe("webp");
        const meta = await sharp(bytes).metadata();
        expect(meta.width).toBe(variant.width);
        expect(meta.height).toBe(Math.round((variant.width * 480) / 640));
      }
    });

    it("rotates by EXIF orientation, then strips EXIF and ICC metadata", async () => {
      const photo = await solid(900, 300)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withIccProfile("p3")
        .toBuffer();
      const before = await sharp(photo).metadata();
      expect(before.orientation).toBe(6);
      expect(before.icc).toBeDefined();

      const res = await upload([imagePart(photo, "camara.jpg", "image/jpeg")]);
      expect(res.statusCode).toBe(201);
      const meta = await sharp(readFileSync(fileOf(res.json().url))).metadata();
      // Orientation 6 turns the 900×300 sensor image upright: 300 wide, 900 tall.
      expect([meta.width, meta.height]).toEqual([300, 900]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    });

    it("caps the longest side at 1600 px and never enlarges", async () => {
      const wide = await solid(2400, 1200).png().toBuffer();
      const res = await upload([imagePart(wide)]);
      expect(res.statusCode).toBe(201);
      const body = res.json() as { url: string; variants: { width: number }[] };
      expect(body.variants.map((v) => v.width)).toEqual([400, 800, MAX_IMAGE_SIDE]);
      const meta = await sharp(readFileSync(fileOf(body.url))).metadata();
      expect([meta.width, meta.height]).toEqual([1600, 800]);

      const tall = await solid(1000, 3000).png().toBuffer();
      const tallRes = await upload([imagePart(tall)]);
      const tallMeta = await sharp(readFileSync(fileOf(tallRes.json().url))).metadata();
      expect([tallMeta.width, tallMeta.height]).toEqual([533, 1600]);

      const small = await solid(120, 80).png().toBuffer();
      const smallRes = await upload([imagePart(small)]);
      expect(smallRes.json().variants).toEqual([{ width: 120, url: smallRes.json().url }]);
    });

    it("serves the stored file through the app", async () => {
      const png = await solid(300, 200).png().toBuffer();
      const { url } = (await upload([imagePart(png)])).json() as { url: string };
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.rawPayload.equals(readFileSync(fileOf(url)))).toBe(true);
    });

    it("trusts the bytes, not the declared type: a JPEG sent as image/png is accepted", async () => {
      const jpeg = await solid(100, 100).jpeg().toBuffer();
      const res = await upload([imagePart(jpeg, "foto.png", "image/png")]);
      expect(res.statusCode).toBe(201);
      expect(existsSync(fileOf(res.json().url))).toBe(true);
    });

    it.each([
      ["a text file named .png", Buffer.from("hola, esto no es una imagen\n".repeat(20))],
      [
        "an SVG declared as PNG",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      ],
      ["a TIFF", Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0, 0, 0, 0])],
    ])("refuses %s with 415", async (_label, data) => {
      const res = await upload([imagePart(data, "foto.png", "image/png")]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        message: "Formato no permitido: usa PNG, JPG, GIF o WebP",
        code: "unsupported_type",
      });
    });

    it("refuses a file over the default 5 MB limit with 413", async () => {
      const png = await solid(10, 10).png().toBuffer();
      const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length, 7)]);
      const res = await upload([imagePart(huge)]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: "El archivo no puede ser mayor a 5MB",
        code: "too_large",
      });
    });

    it("applies the limit of the image kind", async () => {
      const png = await solid(10, 10).png().toBuffer();
      const padded = Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10 - png.length)]);
      const logo = await upload([imagePart(padded)], "?kind=merchantLogo");
      expect(logo.statusCode).toBe(413);
      expect(logo.json()).toEqual({
        message: "El archivo no puede ser mayor a 1MB",
        code: "too_large",
      });

      const banner = await upload([imagePart(padded)], "?kind=merchantImage");
      // Under the 2 MB limit, so it gets as far as decoding (and is a valid PNG with padding).
      expect(banner.statusCode).toBe(201);

      const unknown = await upload([imagePart(png)], "?kind=avatar");
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0].path).toBe("kind");
    });

    it("refuses a decompression bomb (20000×20000 px) without a 500", async () => {
      const bomb = bigPng(20_000, 20_000);
      expect(bomb.length).toBeLessThan(200_000);
      const res = await upload([imagePart(bomb)]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: "La imagen es demasiado grande: máximo 40 megapíxeles",
        code: "too_large",
      });
    });

    it("refuses a truncated image with 400", async () => {
      const jpeg = await solid(400, 400).jpeg().toBuffer();
      const res = await upload([
        imagePart(jpeg.subarray(0, jpeg.length / 2), "a.jpg", "image/jpeg"),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "La imagen está dañada o no se puede leer",
        code: "bad_request",
      });
    });

    it("answers 400 when no image arrives", async () => {
      const noImage = { message: "No se recibió ninguna imagen", code: "bad_request" };
      const onlyField = await upload([{ name: "titulo", data: "Mi foto" }]);
      expect(onlyField.statusCode).toBe(400);
      expect(onlyField.json()).toEqual(noImage);

      const png = await solid(10, 10).png().toBuffer();
      const wrongField = await upload([{ ...imagePart(png), name: "archivo" }]);
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual(noImage);

      const empty = await upload([imagePart(Buffer.alloc(0))]);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual(noImage);

      const json = await t.asAdmin({ method: "POST", url: "/api/upload/image", payload: {} });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual(noImage);
    });
  });

  describe("GET /api/placeholder/:w/:h", () => {
    it("answers a grey WebP of each size the product uses, cacheable for a day", async () => {
      // Spec §7's fallback first: it must stay a picture, never a redirect.
      expect(PLACEHOLDER_SIZES).toContainEqual({ width: 64, height: 64 });
      for (const { width, height } of PLACEHOLDER_SIZES) {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/placeholder/${width}/${height}`,
          remoteAddress: "10.40.0.1",
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("image/webp");
        expect(res.headers["cache-control"]).toBe("public, max-age=86400");
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, height]);
      }
    });

    it("sends any other size to the nearest size the product uses, permanently", async () => {
      for (const [asked, nearest] of [
        ["65/64", "64/64"],
        ["256/256", "112/112"],
        ["400/400", "800/800"],
        ["2000/2000", "800/800"],
        ["1/1", "36/36"],
        ["300/100", "1200/400"],
        ["1200/401", "1200/400"],
        ["500/300", "640/360"],
        ["1/2000", "36/36"],
      ]) {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/placeholder/${asked}`,
          remoteAddress: "10.40.0.2",
        });
        expect(res.statusCode, asked).toBe(301);
        expect(res.headers.location, asked).toBe(`/api/placeholder/${nearest}`);
        expect(res.headers["cache-control"]).toBe("public, max-age=86400");
        expect(res.body).toBe("");
      }
    });

    it.each(["0/10", "2001/10", "10/0", "abc/10", "10.5/10", "-1/10", "010/10", "10/99999"])(
      "answers 400 for /api/placeholder/%s",
      async (size) => {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/placeholder/${size}`,
          remoteAddress: "10.40.0.3",
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^Tamaño inválido/);
      },
    );

    it("renders each size once, shared by concurrent requests, and only allowed sizes", async () => {
      const cache = createPlaceholderCache();
      const [first, second] = await Promise.all([cache.get(64, 64), cache.get(64, 64)]);
      expect(second).toBe(first);
      expect(await cache.get(64, 64)).toBe(first);
      expect(cache.size).toBe(1);
      expect(() => cache.get(300, 150)).toThrow();
      expect(cache.size).toBe(1);
    });

    it("renders nothing for other sizes: a sweep of sizes keeps at most the allowed pictures", async () => {
      const cache = createPlaceholderCache();
      for (let width = 1; width <= 2000; width += 97) {
        for (let height = 1; height <= 2000; height += 131) {
          const nearest = nearestPlaceholderSize(width, height);
          expect(isPlaceholderSize(nearest.width, nearest.height)).toBe(true);
          await cache.get(nearest.width, nearest.height);
        }
      }
      expect(cache.size).toBeLessThanOrEqual(PLACEHOLDER_SIZES.length);
      // The service answers the nearest size without rendering the asked one.
      expect(await t.app.services.uploads.placeholder(99, 99)).toEqual({
        nearest: { width: 96, height: 96 },
      });
    });

    it("is rate limited per address", async () => {
      const { max } = PLACEHOLDER_LIMIT.rateLimit;
      const get = (remoteAddress: string) =>
        t.app.inject({ method: "GET", url: "/api/placeholder/64/64", remoteAddress });
      // The whole allowance, a batch at a time, then one more.
      for (let sent = 0; sent < max; sent += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, max - sent) }, () => get("10.40.1.1")),
        );
        expect(batch.every((res) => res.statusCode === 200)).toBe(true);
      }
      const over = await get("10.40.1.1");
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBeTypeOf("string");
      expect((await get("10.40.1.2")).statusCode).toBe(200);
    });

    it("reads sizes strictly", () => {
      expect(parsePlaceholderSide("64")).toBe(64);
      expect(parsePlaceholderSide("2000")).toBe(2000);
      expect(parsePlaceholderSide("2001")).toBeNull();
      expect(parsePlaceholderSide("1e3")).toBeNull();
      expect(parsePlaceholderSide(" 64")).toBeNull();
    });
  });

  describe("uploads service", () => {
    it("saveImage enforces maxBytes itself", async () => {
      const png = await solid(50, 50).png().toBuffer();
      await expect(
        t.app.services.uploads.saveImage({ buffer: png }, { maxBytes: png.length - 1 }),
      ).rejects.toMatchObject({ status: 413 });
      const saved = await t.app.services.uploads.saveImage(
        { buffer: png },
        { maxBytes: png.length },
      );
      expect(saved.url).toMatch(UPLOAD_URL);
    });

    it("handles several images at once (two decode while the rest wait)", async () => {
      const images = await Promise.all(
        [300, 320, 340, 360, 380].map((w) => solid(w, 100).png().toBuffer()),
      );
      const saved = await Promise.all(
        images.map((buffer) => t.app.services.uploads.saveImage({ buffer }, { maxBytes: 1e6 })),
      );
      expect(saved.map((s) => s.variants[0].width)).toEqual([300, 320, 340, 360, 380]);
      expect(new Set(saved.map((s) => s.url)).size).toBe(5);
    });

    it("detects formats by magic number only", () => {
      expect(detectImageFormat(Buffer.from("GIF89a...."))).toBe("gif");
      expect(detectImageFormat(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
      expect(detectImageFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
      expect(detectImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
      expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
    });
  });
});

describe("uploadsStatic", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tiangue-static-"));
  const imagesDir = join(dataDir, "public-images");
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(imagesDir);
    writeFileSync(join(imagesDir, "default-product.webp"), await solid(8, 8).webp().toBuffer());
    const service = createUploadsService({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
    });
    const png = await solid(500, 250).png().toBuffer();
    savedUrl = (await service.saveImage({ buffer: png }, { maxBytes: 1e6 })).url;
    await app.register(uploadsStatic, { dataDir, imagesDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  let savedUrl = "";

  it("serves uploads with a one-year immutable cache and nosniff", async () => {
    const res = await app.inject({ method: "GET", url: savedUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(500);
  });

  it("serves the app's own images with a one-day cache", async () => {
    const res = await app.inject({ method: "GET", url: "/images/default-product.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("answers a Spanish JSON 404 for missing files and never leaves its folder", async () => {
    for (const url of [
      "/uploads/2020/01/nada-400.webp",
      "/uploads/../public-images/default-product.webp",
      "/uploads/%2e%2e/public-images/default-product.webp",
      "/uploads/",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers["cache-control"] ?? "", url).not.toContain("immutable");
    }
    const missing = await app.inject({ method: "GET", url: "/uploads/2020/01/nada-400.webp" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Imagen no encontrada", code: "not_found" });
  });
});
