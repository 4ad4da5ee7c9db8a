import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { areas, users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

export type AccountKind = 'email' | 'mobile';

/** A user's sign-in name in SQL, for operator lists: the e-mail, else +{calling code}{mobile}. */
export const userAccount = sql<string>`coalesce(${users.email}, '+' || coalesce(${users.countryCode}, '') || coalesce(${users.mobile}, ''))`;

/** Where codes for an account go: the e-mail address, or +{calling code}{mobile}. */
export function addressOf(kind: AccountKind, account: string, countryCode: string | null): string {
  return kind === 'email' ? account.trim().toLowerCase() : `+${countryCode ?? ''}${account.trim()}`;
}

export async function areaById(db: Db, areaId: number | undefined) {
  if (!areaId) throw new AppError('auth.area_invalid');
  const [area] = await db.select().from(areas).where(eq(areas.id, areaId)).limit(1);
  if (!area) throw new AppError('auth.area_invalid');
  return area;
}

export async function findUserByAccount(
  db: Db,
  kind: AccountKind,
  account: string,
  countryCode: string | null,
) {
  const where =
    kind === 'email'
      ? eq(users.email, account.trim().toLowerCase())
      : and(eq(users.mobile, account.trim()), eq(users.countryCode, countryCode ?? ''));
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new account's invite code: eight characters without the look-alikes (0, O, 1, I). */
export function newInviteCode(): string {
  return Array.from(randomBytes(8), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
}
