import { DEFAULT_LANG, isLang, type Lang } from '@exchange/contract';
import type { FastifyRequest } from 'fastify';

/** The `lang` header picks the message language (ARCHITECTURE §3). */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers.lang;
  const value = Array.isArray(header) ? header[0] : header;
  return isLang(value) ? value : DEFAULT_LANG;
}
