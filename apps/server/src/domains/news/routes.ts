import { CALLS, type NewsSummary } from '@exchange/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { news, newsCategories } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { pageResult } from '../../http/paging.js';
import { route } from '../../http/route.js';

const summaryColumns = {
  id: news.id,
  category_id: news.categoryId,
  title: news.title,
  banner: news.banner,
  createdAt: news.createdAt,
};

function toSummary(row: {
  id: number;
  category_id: number;
  title: string;
  banner: string | null;
  createdAt: Date;
}): NewsSummary {
  return {
    id: row.id,
    category_id: row.category_id,
    title: row.title,
    banner: row.banner,
    created_at: row.createdAt.getTime(),
  };
}

export function newsRoutes(app: FastifyInstance) {
  route(app, CALLS.newsCategories, async ({ ctx }) =>
    ctx.db
      .select({ id: newsCategories.id, name: newsCategories.name })
      .from(newsCategories)
      .orderBy(asc(newsCategories.sort), asc(newsCategories.id)),
  );

  route(app, CALLS.newsList, async ({ ctx, input }) => {
    const where = and(eq(news.categoryId, input.category_id), eq(news.published, true));
    const [totalRow] = await ctx.db.select({ n: count() }).from(news).where(where);
    const rows = await ctx.db
      .select(summaryColumns)
      .from(news)
      .where(where)
      .orderBy(asc(news.sort), desc(news.createdAt), desc(news.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    return pageResult(rows.map(toSummary), totalRow?.n ?? 0, input);
  });

  route(app, CALLS.newsInfo, async ({ ctx, input }) => {
    const [row] = await ctx.db
      .select({ ...summaryColumns, content: news.content })
      .from(news)
      .where(and(eq(news.id, input.id), eq(news.published, true)))
      .limit(1);
    if (!row) fail('news.not_found');
    return { ...toSummary(row), content: row.content };
  });
}
