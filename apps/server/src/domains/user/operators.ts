import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The first operator account (seeded with the demo data): the actor of demo funding entries. */
export async function firstOperatorId(db: Db): Promise<number | null> {
  const [operator] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .limit(1);
  return operator?.id ?? null;
}
