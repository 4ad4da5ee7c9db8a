import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type RunPrepared, type Store } from '../db/client.js';
import { journal, systemState } from '../db/schema.js';
import type { Handler } from './handler.js';
import { BATCH_KEY } from './rebuild.js';
import { Sequencer } from './sequencer.js';
import { pgliteTemplate } from '../../test/pglite-template.js';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
import { silent } from '../../test/silent-log.js';

/**
 * The smallest product: credits user 1 from the outside world. The sequencer knows nothing of
 * products, so its pipeline is tested with this handler alone.
 */
class CreditHandler implements Handler {
  readonly name = 'credit';
  constructor(private readonly seq: Sequencer) {}
  load() {
    return Promise.resolve();
  }
  credit(amount: bigint) {
    this.seq.ensureRunning();
    const { ledger } = this.seq;
    return this.seq.run(() => {
      const account = ledger.user(1, 1, 1);
      ledger.post({ kind: 'adjust', reason: 'pipeline test', at: new Date() }, [
        { account, bucket: 0, amount },
        { account: ledger.system('outside', 1), bucket: 0, amount: -amount },
      ]);
      return { available: account.available };
    });
  }
}

async function startCore(store: Pick<Store, 'db' | 'prepared'>) {
  const seq = new Sequencer(store, silent);
  const handler = seq.register(new CreditHandler(seq));
  await seq.start();
  return { seq, handler, close: () => seq.close(), recovered: () => seq.recovered() };
}

const adjust = (core: { handler: CreditHandler }, amount: bigint) => core.handler.credit(amount);

interface Sent {
  name: string;
  text: string;
  values: string[];
  /** Runs it in the store now; `fail` refuses it instead, as a store that failed would. */
  release: (fail?: boolean) => void;
  outcome: Promise<void>;
}

/** A store whose batch statements wait in `sent` until the test releases them, in any order. */
async function heldStore() {
  const store = await openStore({
    databaseUrl: undefined,
    dataDir: 'memory://',
    migrationsDir: MIGRATIONS,
    initialData: await pgliteTemplate(MIGRATIONS),
  });
  const sent: Sent[] = [];
  const prepared: RunPrepared = (name, text, values) => {
    let release!: (fail?: boolean) => void;
    const outcome = new Promise<void>((resolve, reject) => {
      release = (fail) => {
        if (fail) reject(new Error('the store refused the batch'));
        else void store.prepared(name, text, values).then(resolve, reject);
      };
    });
    sent.push({ name, text, values, release, outcome });
    return outcome;
  };
  const at = (i: number) => {
    const s = sent[i];
    if (!s) throw new Error(`batch ${i} was not sent`);
    return s;
  };
  return { store, db: store.db, sent, at, prepared };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('batches on their way to the store', () => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('sends the next batch before the last is answered and answers them in order', async () => {
    const held = await heldStore();
    store = held.store;
    const core = await startCore(held);
    const answered: number[] = [];
    const first = adjust(core, 5n).then(() => answered.push(1));
    await until(() => held.sent.length === 1);
    const second = adjust(core, 3n).then(() => answered.push(2));
    // Sent while the first is still unanswered.
    await until(() => held.sent.length === 2);
    // A third waits: two at most are on their way.
    const third = adjust(core, 2n).then(() => answered.push(3));
    await new Promise((r) => setTimeout(r, 30));
    expect(held.sent).toHaveLength(2);

    // The store answers the first batch; the second is not answered before it.
    held.at(0).release();
    await first;
    expect(answered).toEqual([1]);
    held.at(1).release();
    await second;
    await until(() => held.sent.length === 3);
    held.at(2).release();
    await third;
    expect(answered).toEqual([1, 2, 3]);
    expect(await held.store.db.select().from(journal)).toHaveLength(3);
    const [mark] = await held.store.db.select().from(systemState);
    expect(mark).toEqual({ key: BATCH_KEY, value: '3' });
    await core.close();
  });

  it('fails a batch sent after one that failed, rebuilds memory from the store and serves again', async () => {
    const held = await heldStore();
    store = held.store;
    const core = await startCore(held);
    const first = adjust(core, 5n);
    await until(() => held.sent.length === 1);
    const second = adjust(core, 3n);
    await until(() => held.sent.length === 2);

    // The store runs the second batch first, as it would right after the first failed: the
    // batch number refuses it, so nothing of it is written.
    held.at(1).release();
    await expect(held.at(1).outcome).rejects.toThrow(/division by zero/);
    held.at(0).release(true);
    await expect(first).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(second).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(await held.store.db.select().from(journal)).toHaveLength(0);
    const [mark] = await held.store.db.select().from(systemState);
    expect(mark?.value).toBe('0');
    // While memory is read again, nothing is taken; then the core serves again, from the store's
    // balances: the refused adjustments are not in memory either.
    expect(() => adjust(core, 1n)).toThrow();
    await core.recovered();
    const third = adjust(core, 2n);
    await until(() => held.sent.length === 3);
    held.at(2).release();
    const done = await third;
    expect(done.available).toBe(2n);
    expect(await held.store.db.select().from(journal)).toHaveLength(1);
    const [after] = await held.store.db.select().from(systemState);
    expect(after?.value).toBe('1');
    await core.close();
  });

  it('rebuilds its batch number from the store, so batches go on after a restart', async () => {
    const held = await heldStore();
    store = held.store;
    const first = await startCore(held);
    const placed = adjust(first, 5n);
    await until(() => held.sent.length === 1);
    held.at(0).release();
    await placed;
    await first.close();

    const second = await startCore(held);
    const again = adjust(second, 2n);
    await until(() => held.sent.length === 2);
    held.at(1).release();
    await again;
    const [mark] = await held.store.db.select().from(systemState);
    expect(mark?.value).toBe('2');
    await second.close();
  });
});
