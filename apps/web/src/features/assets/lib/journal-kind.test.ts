import { JOURNAL_KINDS } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { kindKey } from './journal-kind';

const locales = import.meta.glob<{ assets: { kind: Record<string, string> } }>(
  '../../../locales/*/assets.json',
  { eager: true, import: 'default' },
);

describe('journal kinds of the deal records', () => {
  it('every kind of the contract has a translation in every language', () => {
    expect(Object.keys(locales).length).toBeGreaterThan(0);
    for (const [file, messages] of Object.entries(locales)) {
      for (const kind of JOURNAL_KINDS) {
        const key = kindKey(kind)?.replace('assets.kind.', '') ?? '';
        expect(messages.assets.kind[key], `${file}: ${kind}`).toBeTruthy();
      }
    }
  });
});
