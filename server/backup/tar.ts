/**
 * A minimal POSIX ustar writer and reader: enough for a backup file that any `tar -tf` / `tar -xf`
 * can open, without a dependency. Regular files only; names up to 255 bytes (prefix + name).
 */
import { createReadStream, createWriteStream } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import { pipeline } from "node:stream/promises";

const BLOCK = 512;

function octal(buffer: Buffer, offset: number, length: number, value: number) {
  buffer.write(value.toString(8).padStart(length - 1, "0") + "\0", offset, length, "ascii");
}

function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", name };
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) {
      return { prefix, name: rest };
    }
  }
  throw new Error(`Nombre demasiado largo para el archivo de respaldo: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  block.write(parts.name, 0, 100, "utf8");
  octal(block, 100, 8, 0o600);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.write("        ", 148, 8, "ascii"); // checksum counted as spaces
  block.write("0", 156, 1, "ascii");
  block.write("ustar\0", 257, 6, "ascii");
  block.write("00", 263, 2, "ascii");
  block.write(parts.prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export class TarWriter {
  private position = 0;
  private constructor(private readonly handle: FileHandle) {}

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, "wx", 0o600));
  }

  private async write(data: Buffer) {
    await this.handle.write(data, 0, data.length, this.position);
    this.position += data.length;
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.write(header(name, data.length, new Date()));
    await this.write(data);
    await this.write(Buffer.alloc(padding(data.length)));
  }

  /** Streams a file from disk into the archive (dumps can be larger than memory). */
  async addFile(name: string, path: string): Promise<void> {
    const { size, mtime } = await stat(path);
    await this.write(header(name, size, mtime));
    const source = await open(path, "r");
    try {
      const chunk = Buffer.alloc(1 << 20);
      let copied = 0;
      while (copied < size) {
        const { bytesRead } = await source.read(chunk, 0, chunk.length, copied);
        if (bytesRead === 0) throw new Error(`${path} se acortó mientras se copiaba`);
        await this.write(chunk.subarray(0, bytesRead));
        copied += bytesRead;
      }
    } finally {
      await source.close();
    }
    await this.write(Buffer.alloc(padding(size)));
  }

  async close(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.handle.sync();
    await this.handle.close();
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the archive. */
  offset: number;
}

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** Lists the regular files of an archive written by TarWriter (or any ustar tar). */
export async function listTar(path: string): Promise<TarEntry[]> {
  const handle = await open(path, "r");
  try {
    const { size: total } = await handle.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    while (position + BLOCK <= total) {
      await handle.read(block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) break;
      const stored = readString(block, 148, 8).trim();
      block.write("        ", 148, 8, "ascii");
      let sum = 0;
      for (const byte of block) sum += byte;
      if (parseInt(stored, 8) !== sum) {
        throw new Error("El archivo de respaldo está dañado (suma de control de tar incorrecta).");
      }
      const prefix = readString(block, 345, 155);
      const name = readString(block, 0, 100);
      const size = parseInt(readString(block, 124, 12).trim() || "0", 8);
      const type = readString(block, 156, 1) || "0";
      if (type === "0") {
        entries.push({ name: prefix ? `${prefix}/${name}` : name, size, offset: position + BLOCK });
      }
      position += BLOCK + size + padding(size);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

export async function extractEntry(archive: string, entry: TarEntry, to: string): Promise<void> {
  if (entry.size === 0) {
    await (await open(to, "wx", 0o600)).close();
    return;
  }
  await pipeline(
    createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 }),
    createWriteStream(to, { flags: "wx", mode: 0o600 }),
  );
}

export async function readEntry(archive: string, entry: TarEntry): Promise<Buffer> {
  const handle = await open(archive, "r");
  try {
    const data = Buffer.alloc(entry.size);
    await handle.read(data, 0, entry.size, entry.offset);
    return data;
  } finally {
    await handle.close();
  }
}
