/**
 * `tsx scripts/precompress.ts [dir]` (run by `npm run build`): writes a brotli (.br) and a
 * gzip (.gz) twin of every compressible file of the client build, at the highest levels,
 * once. The server sends those twins as they are (@fastify/static `preCompressed`), so
 * JavaScript and CSS cost no CPU per request and travel smaller than runtime compression
 * could make them.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Smaller files gain nothing worth an extra file. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes the twins of one file; a twin that would not be smaller is not written. */
export async function precompressFile(path: string): Promise<{ br: number; gz: number } | null> {
  const body = await readFile(path);
  if (body.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < body.length) await writeFile(`${path}.br`, br);
  if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
  return { br: br.length, gz: gz.length };
}

export async function precompress(dir: string) {
  let count = 0;
  let original = 0;
  let compressed = 0;
  for await (const path of files(dir)) {
    const sizes = await precompressFile(path);
    if (!sizes) continue;
    count++;
    original += (await stat(path)).size;
    compressed += sizes.br;
  }
  return { count, original, compressed };
}

// Run as a script (not when a test imports it).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? "build/client");
  precompress(dir).then(
    ({ count, original, compressed }) =>
      console.log(
        `Precomprimidos ${count} archivos de ${dir}: ${(original / 1024).toFixed(0)} KB → ${(compressed / 1024).toFixed(0)} KB (brotli)`,
      ),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
