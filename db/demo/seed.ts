import type { Database } from "../client";

// PLACEHOLDER: replaced by the demo catalogue.
export async function seedDemoCatalogue(
  _db: Database,
  _options: { uploadsDir: string },
): Promise<{ summary: string } | null> {
  return null;
}
