import { eq } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { appSettings } from "../../../db/schema/index";

// Settings every process reads alike (app_settings: the generated VAPID keys).

export async function readSetting(db: Queryable, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, name));
  return row?.value ?? null;
}

/** Writes the value unless another process wrote one first; answers the one kept. */
export async function insertSettingIfAbsent(
  db: Queryable,
  name: string,
  value: string,
): Promise<string> {
  await db.insert(appSettings).values({ name, value }).onConflictDoNothing();
  return (await readSetting(db, name)) ?? value;
}
