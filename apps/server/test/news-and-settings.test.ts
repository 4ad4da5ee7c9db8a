import {
  CALLS,
  NEWS_CATEGORY,
  newsItem,
  newsSummary,
  PAGE_SIZE_DEFAULT,
  pageOf,
  PRIVACY_NEWS_ID,
  SETTING_KEYS,
} from '@exchange/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { news, newsCategories, settings } from '../src/db/schema.js';
import { createTestApp, expectError, okData, setSetting, type TestApp } from './helpers.js';

let t: TestApp;
/** A category of our own: five published items whose age does not follow their id, and a hidden one. */
const CATEGORY = 900;
const HOUR = 3_600_000;
const AGE_HOURS = [2, 0, 4, 1, 3];
let itemIds: number[] = [];
let hiddenId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.store.db.insert(newsCategories).values({ id: CATEGORY, name: 'Test', sort: 99 });
  const base = Date.now() - HOUR;
  const rows = await t.store.db
    .insert(news)
    .values(
      AGE_HOURS.map((age, i) => ({
        categoryId: CATEGORY,
        title: `item ${i}`,
        content: `<p>${i}</p>`,
        createdAt: new Date(base - age * HOUR),
      })),
    )
    .returning({ id: news.id });
  itemIds = rows.map((r) => r.id);
  const [hidden] = await t.store.db
    .insert(news)
    .values({ categoryId: CATEGORY, title: 'draft', content: '', published: false })
    .returning({ id: news.id });
  hiddenId = hidden?.id ?? 0;
});
afterAll(() => t.close());

const page = pageOf(newsSummary);

describe('news/categories', () => {
  it('lists every category the visitor area reads, with a name', async () => {
    const data = z
      .array(z.object({ id: z.number(), name: z.string().min(1) }))
      .parse(okData(await t.call(CALLS.newsCategories)));
    expect(data.map((c) => c.id)).toEqual(expect.arrayContaining(Object.values(NEWS_CATEGORY)));
  });
});

describe('news/list', () => {
  it('pages with total, per_page, current_page and last_page', async () => {
    const first = page.parse(
      okData(await t.call(CALLS.newsList, { category_id: CATEGORY, limit: 2 })),
    );
    expect(first).toMatchObject({ total: 5, per_page: 2, current_page: 1, last_page: 3 });
    expect(first.data).toHaveLength(2);
    const last = page.parse(
      okData(await t.call(CALLS.newsList, { category_id: CATEGORY, limit: 2, page: 3 })),
    );
    expect(last).toMatchObject({ total: 5, current_page: 3, last_page: 3 });
    expect(last.data).toHaveLength(1);
    const beyond = page.parse(
      okData(await t.call(CALLS.newsList, { category_id: CATEGORY, limit: 2, page: 4 })),
    );
    expect(beyond).toMatchObject({ total: 5, data: [] });
  });

  it('uses the default page size when no limit is given', async () => {
    const data = page.parse(okData(await t.call(CALLS.newsList, { category_id: CATEGORY })));
    expect(data).toMatchObject({ per_page: PAGE_SIZE_DEFAULT, last_page: 1 });
    expect(data.data).toHaveLength(5);
  });

  it('lists newest first and never shows unpublished items', async () => {
    const data = page.parse(okData(await t.call(CALLS.newsList, { category_id: CATEGORY })));
    const newestFirst = itemIds
      .map((id, i) => ({ id, age: AGE_HOURS[i] ?? 0 }))
      .sort((a, b) => a.age - b.age)
      .map((x) => x.id);
    expect(data.data.map((n) => n.id)).toEqual(newestFirst);
    expect(data.data.map((n) => n.created_at)).toEqual(
      [...data.data.map((n) => n.created_at)].sort((a, b) => b - a),
    );
    expect(data.data.map((n) => n.id)).not.toContain(hiddenId);
  });

  it('returns only the asked category', async () => {
    for (const id of [NEWS_CATEGORY.support, NEWS_CATEGORY.about, NEWS_CATEGORY.legal]) {
      const data = page.parse(okData(await t.call(CALLS.newsList, { category_id: id })));
      expect(data.total).toBeGreaterThan(0);
      expect(data.data.every((n) => n.category_id === id)).toBe(true);
    }
  });

  it('answers an empty category with total 0 and last_page 1', async () => {
    const data = page.parse(okData(await t.call(CALLS.newsList, { category_id: 123456 })));
    expect(data).toEqual({
      total: 0,
      per_page: PAGE_SIZE_DEFAULT,
      current_page: 1,
      last_page: 1,
      data: [],
    });
  });

  it('refuses a missing or malformed category, page or limit', async () => {
    for (const query of [
      {},
      { category_id: 'abc' },
      { category_id: 1, page: 0 },
      { category_id: 1, limit: 101 },
    ]) {
      expectError(await t.call(CALLS.newsList, query), 422, 'common.invalid_param');
    }
  });
});

describe('news/info', () => {
  it('gives the privacy notice linked from the register form', async () => {
    const item = newsItem.parse(okData(await t.call(CALLS.newsInfo, { id: PRIVACY_NEWS_ID })));
    expect(item).toMatchObject({ id: PRIVACY_NEWS_ID, category_id: NEWS_CATEGORY.legal });
    expect(item.title).not.toBe('');
    expect(item.content).not.toBe('');
  });

  it('answers 404 news.not_found for an unknown or unpublished id', async () => {
    expectError(await t.call(CALLS.newsInfo, { id: 999_999 }), 404, 'news.not_found');
    expectError(await t.call(CALLS.newsInfo, { id: hiddenId }), 404, 'news.not_found');
  });

  it('refuses a non-numeric id', async () => {
    expectError(await t.call(CALLS.newsInfo, { id: 'x' }), 422, 'common.invalid_param');
  });
});

describe('default/area_list', () => {
  it('lists areas with calling codes, Vietnam (84) first', async () => {
    const data = z
      .array(
        z.object({
          id: z.number(),
          name: z.string().min(1),
          global_code: z.string().regex(/^\d{1,4}$/),
        }),
      )
      .parse(okData(await t.call(CALLS.areaList)));
    expect(data[0]).toMatchObject({ name: 'Vietnam', global_code: '84' });
    expect(data.length).toBeGreaterThan(10);
  });
});

describe('default/setting', () => {
  it('answers every key the documents read with a string', async () => {
    for (const key of SETTING_KEYS) {
      expect(typeof okData(await t.call(CALLS.setting, { key })), key).toBe('string');
    }
  });

  it('reads the current value', async () => {
    await setSetting(t, 'contact_email', 'help@example.com');
    expect(okData(await t.call(CALLS.setting, { key: 'contact_email' }))).toBe('help@example.com');
  });

  it('answers 404 setting.unknown for an unknown or private key', async () => {
    await t.store.db.insert(settings).values({ key: 'secret_key', value: 'x', isPublic: false });
    expectError(await t.call(CALLS.setting, { key: 'nope' }), 404, 'setting.unknown');
    expectError(await t.call(CALLS.setting, { key: 'secret_key' }), 404, 'setting.unknown');
  });

  it('refuses an empty key and a key with a NUL byte without a server error', async () => {
    expectError(await t.call(CALLS.setting, { key: '' }), 422, 'common.invalid_param');
    expectError(await t.call(CALLS.setting, { key: 'a\u0000b' }), 422, 'common.bad_text');
  });
});
