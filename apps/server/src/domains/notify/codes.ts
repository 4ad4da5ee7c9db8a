import { createHash, randomInt } from 'node:crypto';
import {
  BIND_CODE_RESEND_S,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_S,
  CODE_TTL_S,
  CODE_TYPE,
  type CodeType,
} from '@exchange/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

function hashCode(address: string, purpose: number, code: string) {
  return createHash('sha256').update(`${address}|${purpose}|${code}`).digest('hex');
}

/** Seconds until another code may be sent to this address for this purpose (the 60 s guard). */
/** The resend wait of a purpose: 60 s (spec 1 §9), 59 s for withdrawal addresses (spec 2 §9). */
export function resendSeconds(purpose: CodeType): number {
  return purpose === CODE_TYPE.withdrawAddress ? BIND_CODE_RESEND_S : CODE_RESEND_S;
}

export async function resendWait(db: Db, address: string, purpose: CodeType, now = Date.now()) {
  const [last] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.address, address), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  const elapsed = now - last.createdAt.getTime();
  return Math.max(0, Math.ceil((resendSeconds(purpose) * 1000 - elapsed) / 1000));
}

/** Issues a fresh code; earlier unused codes of the same purpose stop working. */
export async function issueCode(
  db: Db,
  channel: 'email' | 'sms',
  address: string,
  purpose: CodeType,
): Promise<string> {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.address, address),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      channel,
      address,
      purpose,
      codeHash: hashCode(address, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000),
    });
  });
  return code;
}

/**
 * Checks and consumes a code: wrong codes count against a few attempts, expired and used codes
 * are refused. Throws the catalogue's `code.*` errors.
 */
export async function consumeCode(db: Db, address: string, purpose: CodeType, code: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.address, address),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw new AppError('code.invalid');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('code.expired');
  // Claim an attempt atomically before comparing, so parallel guesses cannot exceed the limit.
  const [claimed] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  if (!claimed) throw new AppError('code.attempts_exceeded');
  if (row.codeHash !== hashCode(address, purpose, code.trim())) {
    throw new AppError(
      claimed.attempts >= CODE_MAX_ATTEMPTS ? 'code.attempts_exceeded' : 'code.invalid',
    );
  }
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  // A concurrent request consumed it first.
  if (!consumed.length) throw new AppError('code.invalid');
}
