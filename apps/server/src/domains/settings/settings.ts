import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';

/** The value of a setting, public or not; undefined when the key has no row. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row?.value;
}
