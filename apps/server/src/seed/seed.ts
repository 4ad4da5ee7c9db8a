import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import {
  areas,
  auditLog,
  chainProtocols,
  currencies,
  currencyProtocols,
  markets,
  news,
  newsCategories,
  settings,
  systemState,
  users,
} from '../db/schema.js';
import { hashPassword, newInviteCode } from '../domains/user/index.js';
import { AREAS } from './areas.js';
import { ASSET_CONFIG, CHAINS, CURRENCIES, CURRENCY_PROTOCOLS, MARKETS } from './markets.js';
import {
  DEFAULT_SETTINGS,
  DEMO_NEWS,
  DEMO_SETTINGS,
  NEWS_CATEGORIES,
  PRIVACY_NOTICE,
} from './content.js';

export const DEMO_TRADER = { email: 'demo@exchange.test', password: 'demo123456' };
/** The operator's password when ADMIN_PASSWORD is unset and demo data is on. */
export const DEMO_ADMIN_PASSWORD = 'admin123456';

export interface SeedReport {
  firstStart: boolean;
  admin: { email: string; password: string | null };
  demoTrader: { email: string; password: string } | null;
}

async function flag(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select().from(systemState).where(eq(systemState.key, key));
  return Boolean(row);
}

async function setFlag(db: Db | Tx, key: string) {
  await db
    .insert(systemState)
    .values({ key, value: String(Date.now()) })
    .onConflictDoNothing();
}

/**
 * First start: reference data (settings, areas, news categories) and the operator; with DEMO,
 * news, the privacy notice and a demo trader. Later starts only add settings that are missing.
 */
export async function seed(db: Db, config: Config): Promise<SeedReport> {
  const firstStart = !(await flag(db, 'bootstrapped'));
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();

  const report: SeedReport = {
    firstStart,
    admin: { email: config.adminEmail, password: null },
    demoTrader: null,
  };
  // Installations from before the money core get their currencies and markets too.
  const [currencyCount] = await db.select({ n: count() }).from(currencies);
  if (!currencyCount?.n) await seedMarkets(db);
  if (!(await flag(db, 'assets_seeded'))) await seedAssets(db);
  if (!firstStart) return report;

  // One transaction: a first start that is interrupted leaves nothing half-seeded behind.
  await db.transaction(async (tx) => {
    const [areaCount] = await tx.select({ n: count() }).from(areas);
    if (!areaCount?.n) {
      await tx
        .insert(areas)
        .values(AREAS.map((a, i) => ({ name: a.name, globalCode: a.code, sort: i })));
    }
    await tx.insert(newsCategories).values(NEWS_CATEGORIES).onConflictDoNothing();

    await tx
      .insert(news)
      .values({
        id: PRIVACY_NOTICE.id,
        categoryId: PRIVACY_NOTICE.category,
        title: PRIVACY_NOTICE.title,
        content: PRIVACY_NOTICE.content,
      })
      .onConflictDoNothing();
    // The notice took an explicit id: move the sequence past it.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('news', 'id'), (select max(id) from news))`,
    );

    const [existingAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'));
    if (!existingAdmin) {
      const password =
        config.adminPassword ??
        (config.demo ? DEMO_ADMIN_PASSWORD : randomBytes(6).toString('hex'));
      const [admin] = await tx
        .insert(users)
        .values({
          email: config.adminEmail,
          passwordHash: await hashPassword(password, config.passwordHashCost),
          inviteCode: newInviteCode(),
          role: 'admin',
        })
        .returning({ id: users.id });
      await tx.insert(auditLog).values({
        actorId: null,
        action: 'operator.created',
        target: `user:${admin?.id ?? 0}`,
        detail: { email: config.adminEmail },
      });
      report.admin.password = password;
    }

    if (config.demo) {
      for (const [key, value] of Object.entries(DEMO_SETTINGS)) {
        await tx.update(settings).set({ value }).where(eq(settings.key, key));
      }
      const base = Date.now() - DEMO_NEWS.length * 3_600_000;
      await tx.insert(news).values(
        DEMO_NEWS.map((n, i) => ({
          categoryId: n.category,
          title: n.title,
          content: n.content,
          banner: n.banner ?? null,
          sort: 0,
          createdAt: new Date(base + i * 3_600_000),
        })),
      );
      await tx.insert(users).values({
        email: DEMO_TRADER.email,
        passwordHash: await hashPassword(DEMO_TRADER.password, config.passwordHashCost),
        inviteCode: newInviteCode(),
      });
      report.demoTrader = DEMO_TRADER;
    }
    await setFlag(tx, 'bootstrapped');
  });
  return report;
}

/** Chains, currency protocols and deposit/withdrawal settings; once, also on older installations. */
async function seedAssets(db: Db) {
  await db.transaction(async (tx) => {
    await tx
      .insert(chainProtocols)
      .values(CHAINS.map((c) => ({ ...c })))
      .onConflictDoNothing();
    const rows = await tx.select({ id: currencies.id, code: currencies.code }).from(currencies);
    const ids = new Map(rows.map((c) => [c.code, c.id]));
    const protocols = CURRENCY_PROTOCOLS.flatMap((p) => {
      const currencyId = ids.get(p.currency);
      return currencyId
        ? [{ id: p.id, currencyId, chainProtocolId: p.chain, tokenAddress: p.token }]
        : [];
    });
    if (protocols.length)
      await tx.insert(currencyProtocols).values(protocols).onConflictDoNothing();
    for (const [code, c] of Object.entries(ASSET_CONFIG)) {
      await tx
        .update(currencies)
        .set({
          openRecharge: c.open,
          openDraw: c.open,
          drawRate: c.rate,
          drawMin: c.min,
          drawMax: c.max,
          accountTypes: c.types,
        })
        .where(eq(currencies.code, code));
    }
    await setFlag(tx, 'assets_seeded');
  });
}

async function seedMarkets(db: Db) {
  await db
    .insert(currencies)
    .values(
      CURRENCIES.map((c, i) => ({
        id: c.id,
        code: c.code,
        name: c.name,
        logo: `/coins/${c.code.toLowerCase()}.svg`,
        displayDecimals: c.decimals,
        isQuote: c.isQuote,
        usdPrice: c.usd,
        cnyPrice: c.cny,
        sort: i,
      })),
    )
    .onConflictDoNothing();
  await db.execute(
    sql`select setval(pg_get_serial_sequence('currencies', 'id'), (select max(id) from currencies))`,
  );
  const ids = new Map(CURRENCIES.map((c) => [c.code, c.id]));
  await db
    .insert(markets)
    .values(
      MARKETS.map((m, i) => ({
        baseCurrencyId: ids.get(m.base) ?? 0,
        quoteCurrencyId: ids.get(m.quote) ?? 0,
        symbol: `${m.base}/${m.quote}`,
        priceDecimals: m.priceDecimals,
        qtyDecimals: m.qtyDecimals,
        minQty: m.minQty,
        sort: i,
      })),
    )
    .onConflictDoNothing();
}
