import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLS } from './calls/index.js';
import { isStorableText } from './text.js';
import { wsClientMessage } from './ws.js';

/**
 * The paths of every string a client may send through a schema that has no maximum length. Only
 * the input side of a pipe is followed: its output receives what the input already bounded.
 */
function unboundedStrings(schema: z.core.$ZodType, path = ''): string[] {
  const def = schema._zod.def;
  const at = (part: string) => (path ? `${path}.${part}` : part);
  switch (def.type) {
    case 'string':
      return (schema as z.ZodString).maxLength === null ? [path || '(root)'] : [];
    case 'object':
      return Object.entries((def as z.core.$ZodObjectDef).shape).flatMap(([key, inner]) =>
        unboundedStrings(inner, at(key)),
      );
    case 'union':
      return (def as z.core.$ZodUnionDef).options.flatMap((o, i) =>
        unboundedStrings(o, at(`|${i}`)),
      );
    case 'pipe':
      return unboundedStrings((def as z.core.$ZodPipeDef).in, path);
    case 'array':
      return unboundedStrings((def as z.core.$ZodArrayDef).element, at('[]'));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unboundedStrings((def as z.core.$ZodOptionalDef).innerType, path);
    case 'record':
    case 'map':
    case 'set':
    case 'tuple':
    case 'intersection':
    case 'lazy':
    case 'any':
    case 'unknown':
      // Not used by requests today: a new one must be looked at before it is allowed.
      return [`${path || '(root)'}: ${def.type}`];
    default:
      return [];
  }
}

describe('request strings', () => {
  it('every string a call accepts has a maximum length', () => {
    const found = Object.values(CALLS).flatMap((call) =>
      unboundedStrings(call.request).map((p) => `${call.path} ${p}`),
    );
    expect(found).toEqual([]);
  });

  it('every string a WebSocket message carries has a maximum length', () => {
    expect(unboundedStrings(wsClientMessage)).toEqual([]);
  });

  it('the walk finds an unbounded string where there is one', () => {
    const schema = z.object({
      a: z.string().max(3),
      b: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(3)),
      c: z.array(z.object({ d: z.string().optional() })),
    });
    expect(unboundedStrings(schema)).toEqual(['b.|0', 'c.[].d']);
  });
});

describe('isStorableText', () => {
  it.each(['', 'abc', 'Ünïcödé', '💥 emoji pair', '中文', '\u{10ffff}'])('accepts %j', (v) => {
    expect(isStorableText(v)).toBe(true);
  });
  it.each([
    'a\u0000b',
    '\u0000',
    'x\ud800',
    '\ud800y',
    'x\udc00',
    '\udc00\ud800',
    '💥'.slice(0, 1),
  ])('refuses %j', (v) => {
    expect(isStorableText(v)).toBe(false);
  });

  it('a WebSocket message with half a surrogate pair is refused', () => {
    expect(wsClientMessage.safeParse({ type: 'sub', params: 'DAY_MARKET' }).success).toBe(true);
    expect(wsClientMessage.safeParse({ type: 'sub', params: 'DAY\ud800' }).success).toBe(false);
    expect(wsClientMessage.safeParse({ type: 'login', params: 'a\u0000' }).success).toBe(false);
  });
});
