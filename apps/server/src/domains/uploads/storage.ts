import { randomBytes } from 'node:crypto';
import { UPLOAD_PATH, uploadNameOf } from '@exchange/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import type { CleanImage } from './images.js';

export type StoredUpload = typeof uploads.$inferSelect;

export function uploadUrl(name: string): string {
  return `${UPLOAD_PATH}${name}`;
}

/**
 * Stores a cleaned image under a fresh name: 128 random bits, so that a url can be neither guessed
 * nor counted up to, and nothing the uploader chose (the file name) reaches the name.
 */
export async function storeUpload(db: Db, userId: number, image: CleanImage): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
  await db.insert(uploads).values({
    name,
    userId,
    mime: image.mime,
    size: image.bytes.length,
    bytes: image.bytes,
  });
  return name;
}

export async function findUpload(db: Db, name: string): Promise<StoredUpload | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name));
  return row ?? null;
}

/** The upload an `imgUrl` names when it is one of this user's, else null (unknown or another's). */
export async function ownUploadOf(db: Db, userId: number, url: string): Promise<string | null> {
  const name = uploadNameOf(url);
  if (!name) return null;
  const [row] = await db
    .select({ userId: uploads.userId })
    .from(uploads)
    .where(eq(uploads.name, name));
  return row?.userId === userId ? uploadUrl(name) : null;
}
