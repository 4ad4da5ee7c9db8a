import { price } from '@exchange/engine';

/** A pair's mark settings in the units the engine's `price` module works in. */
export interface MarkSettings {
  /** Quote amount each side must hold within the band, at (price + quantity) decimals. */
  minDepth: bigint;
  bandPpm: bigint;
  windowMs: number;
  /** The manipulation multiple of the exposure bound, parts per million. */
  multiplePpm: bigint;
}

/** A pair's mark now (price units) with the depth its book holds within the band now. */
export interface LeverMark extends price.Mark {
  /** Quote amounts within the band of the current mid, (price + quantity) decimals. */
  bidDepth: bigint;
  askDepth: bigint;
}

/** The last ok mark a pair had (price units) and the moment it last stood (ms of the clock). */
export interface LastOkMark {
  at: number;
  value: bigint;
}

const THIN: LeverMark = { status: 'thin', value: null, average: null, bidDepth: 0n, askDepth: 0n };

interface PairMarks {
  samples: price.MidSample[];
  depth: price.DepthMid;
  /** Changes with every sample and settings change: a cached mark of another version is stale. */
  version: number;
  cached: { at: number; version: number; mark: LeverMark } | null;
  /** The settings the samples were last recorded under: the mark until now is theirs. */
  settings: MarkSettings;
  /** The mark as it stood when it last went from ok to thin (see `record`). */
  lastOk: LastOkMark | null;
}

/**
 * Each lever pair's depth mids as its committed book gave them (engine `price.depthMid`), with
 * the moment of each change, for the window of the pair's settings; and the mark they make
 * (engine `price.markPrice`). Fed by the handler's commit listener only: nothing from outside
 * the committed books can set it.
 */
export class MarkRecord {
  private pairs = new Map<number, PairMarks>();

  /** The pair's book as committed at `now`. */
  record(marketId: number, book: price.BookDepth, settings: MarkSettings, now: number) {
    const depth = price.depthMid(book, settings.minDepth, settings.bandPpm);
    let pair = this.pairs.get(marketId);
    if (!pair) {
      pair = { samples: [], depth, version: 0, cached: null, settings, lastOk: null };
      this.pairs.set(marketId, pair);
    } else if (depth.value === null || settings !== pair.settings) {
      // The mark can go from ok to thin only here: the book thins now, or the operator changes
      // the window or band (while the book gives a mid, the part of the window it covers only
      // grows). The mark that stood until now, under the settings it stood under, is kept as
      // the pair's last ok mark: a user's close may use it for a window (`lastOk`). Cheap when
      // the book was thin already (the engine answers thin at once).
      const before = price.markPrice(
        pair.samples,
        now,
        pair.settings.windowMs,
        pair.settings.bandPpm,
      );
      if (before.status === 'ok' && before.value !== null)
        pair.lastOk = { at: now, value: before.value };
    }
    pair.settings = settings;
    pair.depth = depth;
    pair.version += 1;
    const last = pair.samples.at(-1);
    if (last && last.at === now) last.mid = depth.value;
    else if (!last || last.mid !== depth.value) pair.samples.push({ at: now, mid: depth.value });
    pair.samples = price.pruneSamples(pair.samples, now, settings.windowMs);
  }

  /** The pair's mark at `now` (thin before its first committed book). */
  mark(marketId: number, settings: MarkSettings, now: number): LeverMark {
    const pair = this.pairs.get(marketId);
    if (!pair) return THIN;
    const c = pair.cached;
    // The same moment and samples (a push or a list valuing many rows): the same mark.
    if (c && c.version === pair.version && c.at === now) return c.mark;
    const m = price.markPrice(pair.samples, now, settings.windowMs, settings.bandPpm);
    const mark: LeverMark = { ...m, bidDepth: pair.depth.bidDepth, askDepth: pair.depth.askDepth };
    pair.cached = { at: now, version: pair.version, mark };
    return mark;
  }

  /**
   * The pair's last ok mark while it is still recent at `now`: it stood at a moment of the
   * current window (now − window, now]. Null when the pair never had one in this run (a start
   * forgets the samples and so the last ok mark: right after a restart there is none) or when a
   * whole window has passed since. Only meaningful while the mark is thin (when it is ok, the
   * mark itself is the one to use).
   */
  lastOk(marketId: number, settings: MarkSettings, now: number): LastOkMark | null {
    const last = this.pairs.get(marketId)?.lastOk ?? null;
    return last !== null && now - last.at < settings.windowMs ? last : null;
  }
}
