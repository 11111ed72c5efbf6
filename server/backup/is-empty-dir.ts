import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";

/** A restore only writes into an empty folder: none yet counts as empty. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}
