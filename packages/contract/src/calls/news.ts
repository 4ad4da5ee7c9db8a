import { z } from 'zod';
import { defineCall } from '../call.js';
import { pageOf, pageQuery, timestamp } from '../envelope.js';
import { idParam } from './fields.js';

export const newsCategory = z.object({ id: z.number().int(), name: z.string() });
export const newsSummary = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  banner: z.string().nullable(),
  created_at: timestamp,
});
export const newsItem = newsSummary.extend({ content: z.string() });

export type NewsCategory = z.infer<typeof newsCategory>;
export type NewsSummary = z.infer<typeof newsSummary>;
export type NewsItem = z.infer<typeof newsItem>;

export const newsCalls = {
  newsCategories: defineCall({
    method: 'GET',
    path: 'news/categories',
    auth: 'public',
    tag: 'news',
    summary: 'News categories',
    request: z.object({}),
    response: z.array(newsCategory),
  }),
  newsList: defineCall({
    method: 'GET',
    path: 'news/list',
    auth: 'public',
    tag: 'news',
    summary: 'Titles of one category, newest first (1 banners, 22 announcements, 4/5/6 footer)',
    request: pageQuery.extend({ category_id: idParam }),
    response: pageOf(newsSummary),
  }),
  newsInfo: defineCall({
    method: 'GET',
    path: 'news/info',
    auth: 'public',
    tag: 'news',
    summary: 'One news item with its HTML body',
    request: z.object({ id: idParam }),
    response: newsItem,
  }),
};
