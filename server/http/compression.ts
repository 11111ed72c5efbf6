import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isCachedValue } from "../cache/index";

/**
 * Compressed answers (brotli or gzip, at levels that cost little CPU) and, for the public
 * catalogue reads the cache hands out, JSON, ETag and compressed bytes made once per
 * cached value instead of once per request.
 *
 * Strings and buffers (JSON, pages) are compressed here on libuv's thread pool; streams
 * (static files without a precompressed twin) by @fastify/compress.
 */

/** Below this many bytes compression saves less than it costs (as @fastify/compress's default). */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli 4 compresses better than gzip 6 at less CPU; 11 would cost ~50× more. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;

/** JSON, HTML, CSS, JavaScript, SVG, XML and plain text; never images or fonts already packed. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's window (2^bits − 16 bytes): the smallest that holds the whole body, 16 to 22 bits.
 * Brotli's default, 22 bits (4 MB), is far larger than any answer, and the encoder's work
 * grows with it: a 140–200 KB page (a merchant's or a category's) took 1.1–1.5 ms of CPU
 * instead of 0.5–0.7 ms, for the same bytes out, since no back-reference can reach past
 * the start of the body anyway (issue 13, docs/performance.md).
 */
export function brotliWindowBits(bytes: number): number {
  let bits = 16;
  while (bits < 22 && 2 ** bits - 16 < bytes) bits++;
  return bits;
}

export function compressBody(encoding: Encoding, body: string | Buffer): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: GZIP_LEVEL });
  const bytes = Buffer.byteLength(body);
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes),
    },
  });
}

/** Answers by Accept-Encoding header: browsers send a handful of distinct values (issue 13). */
const negotiated = new Map<string, Encoding | null>();
const NEGOTIATED_MAX = 64;

/** The encoding to answer with for an Accept-Encoding header: brotli first, then gzip. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const key = String(header);
  const known = negotiated.get(key);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(key);
  if (negotiated.size < NEGOTIATED_MAX) negotiated.set(key, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return null;
}

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === "string" && COMPRESSIBLE.test(contentType);
}

/** Adds `value` to the Vary header without repeating it. */
export function addVary(reply: FastifyReply, value: string) {
  const current = reply.getHeader("vary");
  // Most answers have no Vary yet: no list to read (issue 13, per-request cost).
  if (current === undefined) {
    reply.header("vary", value);
    return;
  }
  const list = Array.isArray(current) ? current.join(",") : String(current ?? "");
  const names = list
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.includes("*") || names.some((n) => n.toLowerCase() === value.toLowerCase())) return;
  reply.header("vary", [...names, value].join(", "));
}

/** A weak validator for a body: equal bodies, equal tags, whatever the content coding. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 says for GET). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return String(header)
    .split(",")
    .some((tag) => tag.trim() === "*" || bare(tag) === wanted);
}

/** A body sent many times (a cached value's JSON, a cached page): compressed once per encoding. */
export interface CompressionMemo {
  body: string | Buffer;
  etag: string;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

const memos = new WeakMap<object, CompressionMemo>();
const kMemo = Symbol("tiangue.compressionMemo");
type WithMemo = FastifyReply & { [kMemo]?: CompressionMemo };

function memoFor(value: object): CompressionMemo {
  let memo = memos.get(value);
  if (!memo) {
    const json = JSON.stringify(value);
    memo = { body: json, etag: etagOf(json), compressed: {} };
    memos.set(value, memo);
  }
  return memo;
}

/** Tells the compression hook that this reply sends `memo.body`, so its compressed forms are reused. */
export function sendsMemoized(reply: FastifyReply, memo: CompressionMemo) {
  (reply as WithMemo)[kMemo] = memo;
}

/** Public catalogue reads of the API: never admin answers, even when they reuse a cached list. */
function isPublicApiRead(request: FastifyRequest) {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    request.url.startsWith("/api/") &&
    !request.url.startsWith("/api/admin")
  );
}

export const compression = fp(
  async (app: FastifyInstance) => {
    // A string reaching the serializer is JSON made by the hook below; anything else is stringified.
    app.setReplySerializer((payload) =>
      typeof payload === "string" ? payload : JSON.stringify(payload),
    );

    // Callback hooks, not async ones: no promise per request when nothing is compressed
    // (issue 13; a cached API read under the threshold, or any answer of a 304).
    app.addHook("preSerialization", (_request, reply, payload, done) => {
      if (!isCachedValue(payload)) return done(null, payload);
      const memo = memoFor(payload);
      sendsMemoized(reply, memo);
      done(null, memo.body);
    });

    app.addHook("onSend", (request, reply, payload, done) => {
      if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload);
      const memo = (reply as WithMemo)[kMemo];
      const fromCache = memo !== undefined && payload === memo.body;

      if (
        fromCache &&
        reply.statusCode === 200 &&
        isPublicApiRead(request) &&
        !reply.hasHeader("set-cookie")
      ) {
        // The total travels in a header: two pages with equal items but other totals differ.
        const total = reply.getHeader("x-total-count");
        const etag =
          total === undefined ? memo.etag : `${memo.etag.slice(0, -1)}-${String(total)}"`;
        reply.header("etag", etag);
        // Public data, but always asked again: a write must show at once.
        reply.header("cache-control", "no-cache");
        if (matchesEtag(request.headers["if-none-match"], etag)) {
          reply.code(304);
          return done(null, null);
        }
      }

      if (reply.hasHeader("content-encoding")) return done(null, payload);
      if (!isCompressible(reply.getHeader("content-type"))) return done(null, payload);
      if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD) return done(null, payload);
      addVary(reply, "Accept-Encoding");
      const encoding = negotiateEncoding(request.headers["accept-encoding"]);
      if (!encoding) return done(null, payload);
      const compressed = fromCache
        ? (memo.compressed[encoding] ??= compressBody(encoding, payload))
        : compressBody(encoding, payload);
      compressed.then(
        (body) => {
          reply.header("content-encoding", encoding);
          reply.removeHeader("content-length");
          done(null, body);
        },
        (error: Error) => done(error),
      );
    });

    // @fastify/compress is for streams (below); every /api route answers a string or a buffer,
    // which the hook above compresses. Left on, its own onSend hook would parse Accept-Encoding
    // and match the content type again on every API answer, only to find nothing to do (issue
    // 13). Added before it, so that this hook runs before its own on each new route.
    app.addHook("onRoute", (route) => {
      if (
        route.url.startsWith("/api/") &&
        route.compress === undefined &&
        (route.config as { compress?: unknown } | undefined)?.compress === undefined
      ) {
        route.compress = false;
      }
    });

    // Streams: static files without a precompressed twin (e.g. SVG images), uploads.
    await app.register(compress, {
      globalCompression: true,
      // Request bodies stay as they are: only answers are compressed.
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD,
      encodings: ["br", "gzip"],
      customTypes: COMPRESSIBLE,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      zlibOptions: { level: GZIP_LEVEL },
    });
  },
  { name: "tiangue-compression" },
);
