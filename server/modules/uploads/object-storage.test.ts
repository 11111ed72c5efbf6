import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/client";
import { createBackup } from "../../backup/backup";
import { readManifest } from "../../backup/backup-manifest";
import { loadConfig } from "../../env";
import { projectRoot } from "../../project-root";
import { createTestApp, type TestApp } from "../../test/test-app";
import { startTestS3, type TestS3 } from "../../test/test-s3";
import { copyImages } from "./migrate";
import { createS3Storage } from "./s3-storage";
import { createLocalStorage } from "./storage";
import type { SavedImage } from "./uploads.service";

// Uploads in an S3-compatible bucket (issue 13), against a real S3 server (s3rver).

const BOUNDARY = "----tiangue-s3-test";

function imageBody(data: Buffer) {
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="foto.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
      data,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function upload(t: TestApp, kind: string, data: Buffer): Promise<SavedImage> {
  const res = await t.asAdmin({
    method: "POST",
    url: `/api/upload/image?kind=${kind}`,
    ...imageBody(data),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

describe("uploads in an S3 bucket", () => {
  let t: TestApp;
  let saved: SavedImage;

  beforeAll(async () => {
    t = await createTestApp(s3.env);
    saved = await upload(t, "productImage", await png(1000, 700));
  });
  afterAll(() => t.close());

  it("stores every width and the preview JPEG in the bucket, nothing on disk", async () => {
    expect(saved.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-1000\.webp$/);
    expect(saved.publicUrl).toBeUndefined();
    const id = keyOf(saved.url).replace(/-1000\.webp$/, "");
    expect(await s3.keys(id)).toEqual([
      `${id}-1000-og-square.jpg`,
      `${id}-1000.webp`,
      `${id}-400.webp`,
      `${id}-800.webp`,
    ]);
    const stored = await s3.object(keyOf(saved.url));
    expect(stored.contentType).toBe("image/webp");
    expect(stored.cacheControl).toBe("public, max-age=31536000, immutable");
    expect((await sharp(stored.body).metadata()).width).toBe(1000);
    const local = [];
    for await (const file of createLocalStorage(join(t.config.dataDir, "uploads")).list()) {
      local.push(file);
    }
    expect(local).toEqual([]);
  });

  it("serves /uploads/… from the bucket: same bytes, type, cache headers, ETag and 304", async () => {
    for (const variant of saved.variants) {
      const res = await t.app.inject({ method: "GET", url: variant.url });
      expect(res.statusCode, variant.url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.rawPayload.equals((await s3.object(keyOf(variant.url))).body)).toBe(true);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]+"$/);
      const again = await t.app.inject({
        method: "GET",
        url: variant.url,
        headers: { "if-none-match": etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const head = await t.app.inject({ method: "HEAD", url: saved.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/webp");
    expect(Number(head.headers["content-length"])).toBe(
      (await s3.object(keyOf(saved.url))).body.length,
    );
    expect(head.rawPayload.length).toBe(0);
    const jpeg = await t.app.inject({
      method: "GET",
      url: saved.url.replace(/\.webp$/, "-og-square.jpg"),
    });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
  });

  it("makes a missing preview JPEG from the bucket's WebP, once, and keeps it there", async () => {
    const wide = saved.url.replace(/\.webp$/, "-og-wide.jpg");
    expect(await s3.keys(keyOf(wide))).toEqual([]);
    const res = await t.app.inject({ method: "GET", url: wide });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect((await s3.object(keyOf(wide))).body.equals(res.rawPayload)).toBe(true);
  });

  it("answers our JSON 404 for a missing image and 403 for dotfiles and folders", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/uploads/2020/01/nada-400.webp" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Imagen no encontrada", code: "not_found" });
    for (const url of ["/uploads/.secreto", "/uploads/", "/uploads/2020/", "/uploads/a/.b/c"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: "Acceso denegado", code: "forbidden" });
    }
    const climbing = await t.app.inject({ method: "GET", url: "/uploads/..%2f..%2fpackage.json" });
    expect([403, 404]).toContain(climbing.statusCode);
  });

  it("deleting a picture removes every width and preview from the bucket", async () => {
    const other = await upload(t, "merchantImage", await png(900, 400));
    const id = keyOf(other.url).replace(/-900\.webp$/, "");
    expect((await s3.keys(id)).length).toBe(4); // 400, 800, 900 and the wide JPEG
    expect(await t.app.services.uploads.deleteImage(other.variants[0].url)).toBe(4);
    expect(await s3.keys(id)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: other.url })).statusCode).toBe(404);
    // The first picture is untouched, and an address that is not an upload deletes nothing.
    expect(await s3.keys(keyOf(saved.url))).toEqual([keyOf(saved.url)]);
    expect(await t.app.services.uploads.deleteImage("/images/og-default.jpg")).toBe(0);
  });
});

describe("a bucket that does not answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard): nothing listens there, every connection is refused.
    t = await createTestApp({ ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9" });
  });
  afterAll(() => t.close());

  it("is a 503 with Retry-After for reads and uploads, never a 500", async () => {
    const unavailable = {
      message: "El almacenamiento de imágenes no responde; intenta de nuevo en un momento",
      code: "unavailable",
    };
    const read = await t.app.inject({ method: "GET", url: "/uploads/2026/01/x-400.webp" });
    expect(read.statusCode).toBe(503);
    expect(read.headers["retry-after"]).toBe("1");
    expect(read.json()).toEqual(unavailable);
    const res = await t.asAdmin({
      method: "POST",
      url: "/api/upload/image?kind=productImage",
      ...imageBody(await png(300, 200)),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
  });
});

describe("S3_PUBLIC_URL (a CDN in front of the bucket)", () => {
  const cdn = "http://127.0.0.1:9/fotos";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env, S3_PUBLIC_URL: `${cdn}/` });
  });
  afterAll(() => t.close());

  it("returns the CDN's addresses beside the stored ones, and /uploads/… redirects there", async () => {
    const saved = await upload(t, "default", await png(500, 500));
    expect(saved.publicUrl).toBe(`${cdn}/${keyOf(saved.url)}`);
    expect(saved.variants.map((v) => v.publicUrl)).toEqual(
      saved.variants.map((v) => `${cdn}/${keyOf(v.url)}`),
    );
    expect(await s3.keys(keyOf(saved.url))).toEqual([keyOf(saved.url)]);
    const res = await t.app.inject({ method: "GET", url: saved.url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(saved.publicUrl);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("allows the CDN's origin for images in the pages' Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/uploads/2020/01/x-400.webp" });
    expect(res.statusCode).toBe(301);
    const { pagePolicy } = await import("../../http/security-headers");
    expect(pagePolicy([], t.config)).toContain("img-src 'self' data: blob: http://127.0.0.1:9");
  });
});

describe("npm run images:migrate", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tiangue-migrate-"));
    const folder = join(dataDir, "uploads");
    mkdirSync(join(folder, "2025", "03"), { recursive: true });
    mkdirSync(join(folder, "demo"), { recursive: true });
    writeFileSync(join(folder, "2025", "03", "abc-400.webp"), Buffer.alloc(3000, 1));
    writeFileSync(join(folder, "2025", "03", "abc-400-og-square.jpg"), Buffer.alloc(2000, 2));
    writeFileSync(join(folder, "demo", "logo-x-256.webp"), Buffer.alloc(1000, 3));
    writeFileSync(join(folder, "demo", ".oculto"), "no");
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("copies every local upload into the bucket, and a second run copies nothing", async () => {
    const bucket = createS3Storage(loadConfig({ ...s3.env, DATA_DIR: dataDir }).objectStorage!);
    const folder = createLocalStorage(join(dataDir, "uploads"));
    expect(await copyImages(folder, bucket)).toEqual({ copied: 3, skipped: 0, bytes: 6000 });
    expect(await s3.keys("2025/")).toEqual([
      "2025/03/abc-400-og-square.jpg",
      "2025/03/abc-400.webp",
    ]);
    const jpeg = await s3.object("2025/03/abc-400-og-square.jpg");
    expect(jpeg.contentType).toBe("image/jpeg");
    expect(jpeg.body.equals(Buffer.alloc(2000, 2))).toBe(true);
    expect(await s3.keys("demo/")).toEqual(["demo/logo-x-256.webp"]);
    expect(await copyImages(folder, bucket)).toEqual({ copied: 0, skipped: 3, bytes: 0 });
  });

  it("the script reports its counts, and refuses to run without the S3 variables", async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/images-migrate.ts"], {
          cwd: projectRoot(),
          env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
        });
        let out = "";
        child.stdout.on("data", (c: Buffer) => (out += c));
        child.stderr.on("data", (c: Buffer) => (out += c));
        child.on("close", (code) => resolve({ code, out }));
      });
    const again = await run(s3.env);
    expect(again.out).toContain("Listo: 0 copiadas (0.0 MB), 3 ya estaban en el bucket.");
    expect(again.code).toBe(0);
    const refused = await run({});
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Configure S3_ENDPOINT, S3_BUCKET");
  }, 60_000);
});

describe("backups when the images live in a bucket", () => {
  it("hold the database and name the bucket, without the images", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tiangue-s3-backup-"));
    try {
      const handle = await openDatabase({ dataDir });
      await handle.close();
      mkdirSync(join(dataDir, "uploads", "2025"), { recursive: true });
      writeFileSync(join(dataDir, "uploads", "2025", "vieja-400.webp"), Buffer.alloc(100, 1));
      const file = join(dataDir, "respaldo.tar");
      const bucket = `${s3.endpoint}/${s3.bucket}`;
      const manifest = await createBackup(file, { dataDir, imagesInBucket: bucket });
      expect(manifest).toMatchObject({ database: "pglite", uploads: 0, imagesInBucket: bucket });
      const { manifest: read, entries } = await readManifest(file);
      expect(read).toEqual(manifest);
      expect(entries.map((e) => e.name)).toContain("pgdata.tar");
      expect(entries.filter((e) => e.name.startsWith("uploads/"))).toEqual([]);
      // Without a bucket the same installation's backup carries its images.
      const local = await createBackup(join(dataDir, "local.tar"), { dataDir });
      expect(local.uploads).toBe(1);
      expect(local.imagesInBucket).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("S3_* configuration", () => {
  const full = {
    S3_ENDPOINT: "http://127.0.0.2:9/",
    S3_BUCKET: "mi-tiangue",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "AKIAEJEMPLO",
    S3_SECRET_ACCESS_KEY: "secreto",
  };

  it("is off when none is set, and read whole when all five are", () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
    expect(loadConfig({ ...full, S3_PUBLIC_URL: "http://127.0.0.1:9/" }).objectStorage).toEqual({
      endpoint: "http://127.0.0.2:9",
      bucket: "mi-tiangue",
      region: "us-east-1",
      accessKeyId: "AKIAEJEMPLO",
      secretAccessKey: "secreto",
      publicUrl: "http://127.0.0.1:9",
    });
  });

  it("refuses a partial configuration, naming each missing variable in Spanish", () => {
    const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = full;
    expect(() => loadConfig(partial)).toThrow(
      /S3_BUCKET: es obligatorio para guardar las imágenes en S3[\s\S]*S3_SECRET_ACCESS_KEY: es obligatorio/,
    );
    expect(() => loadConfig({ S3_PUBLIC_URL: "http://127.0.0.1:9" })).toThrow(
      /S3_ENDPOINT: es obligatorio para guardar las imágenes en S3/,
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: "x" })).toThrow(/Configuración inválida/);
  });

  it("refuses malformed values with a Spanish message naming the variable", () => {
    expect(() => loadConfig({ ...full, S3_ENDPOINT: "almacen-s3" })).toThrow(
      /S3_ENDPOINT debe ser una dirección http:\/\/ o https:\/\//,
    );
    expect(() => loadConfig({ ...full, S3_PUBLIC_URL: "ftp://cdn" })).toThrow(
      /S3_PUBLIC_URL debe ser una dirección http/,
    );
    expect(() => loadConfig({ ...full, S3_PUBLIC_URL: "http://127.0.0.1:9/?x=1" })).toThrow(
      /S3_PUBLIC_URL debe ser una dirección/,
    );
    expect(() => loadConfig({ ...full, S3_BUCKET: "Mi_Bucket" })).toThrow(
      /S3_BUCKET debe ser un nombre de bucket válido/,
    );
    expect(() => loadConfig({ ...full, S3_REGION: "US EAST" })).toThrow(/S3_REGION inválida/);
  });
});
