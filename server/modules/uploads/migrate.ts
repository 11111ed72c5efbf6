import type { ImageStorage } from "./image-storage";

export interface CopyReport {
  /** Objects written to the target. */
  copied: number;
  /** Objects the target already had (same key and size): left as they were. */
  skipped: number;
  /** Bytes written. */
  bytes: number;
}

/**
 * Copies every object of `from` that `to` lacks (`npm run images:migrate`: DATA_DIR/uploads
 * into the S3 bucket). Names never change once stored, so an object of the same key and
 * size is the same picture: a second run copies nothing. The source is never changed.
 */
export async function copyImages(
  from: ImageStorage,
  to: ImageStorage,
  options: { concurrency?: number } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  const pending = new Set<Promise<void>>();
  const copyOne = async (key: string, size: number) => {
    if ((await to.size(key)) === size) {
      report.skipped++;
      return;
    }
    const data = await from.read(key);
    if (!data) return; // removed meanwhile
    await to.put(key, data);
    report.copied++;
    report.bytes += data.length;
  };
  for await (const { key, size } of from.list()) {
    const job = copyOne(key, size).finally(() => pending.delete(job));
    pending.add(job);
    if (pending.size >= (options.concurrency ?? 8)) await Promise.race(pending);
  }
  await Promise.all(pending);
  return report;
}
