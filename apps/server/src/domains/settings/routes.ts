import { CALLS } from '@exchange/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { areas, settings } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { route } from '../../http/route.js';

export function settingsRoutes(app: FastifyInstance) {
  route(app, CALLS.areaList, async ({ ctx }) => {
    const rows = await ctx.db
      .select({ id: areas.id, name: areas.name, global_code: areas.globalCode })
      .from(areas)
      .orderBy(asc(areas.sort), asc(areas.id));
    return rows;
  });

  route(app, CALLS.setting, async ({ ctx, input }) => {
    const [row] = await ctx.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.key, input.key), eq(settings.isPublic, true)));
    if (!row) fail('setting.unknown');
    return row.value;
  });
}
