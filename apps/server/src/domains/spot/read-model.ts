import type { Committed } from '../../core/types.js';
import type { SpotHandler } from './handler.js';
import { type BookSnapshot, spotChanges } from './spot-rows.js';
import type { MarketInfo } from './types.js';

/**
 * The spot read model: markets and their books as of the last committed batch, fed by the
 * committed batches on the bus (each carries the books it changed, as they were when it was
 * sealed). Market data, pushes, the API and the demo market maker read it; none of them ever
 * holds the handler's live books.
 */
export class MarketView {
  private readonly infos = new Map<number, MarketInfo>();
  private readonly bySymbol = new Map<string, MarketInfo>();
  private readonly books = new Map<number, BookSnapshot>();

  constructor(spot: SpotHandler) {
    for (const info of spot.marketInfos()) {
      this.infos.set(info.id, info);
      this.bySymbol.set(info.symbol, info);
    }
    for (const book of spot.bookSnapshots()) this.books.set(book.marketId, book);
  }

  /** Takes the markets and books a committed batch changed. */
  apply(committed: Committed) {
    const changes = spotChanges(committed);
    for (const [id, book] of changes.books) this.books.set(id, book);
    for (const info of changes.markets) {
      this.infos.set(info.id, info);
      this.bySymbol.set(info.symbol, info);
    }
  }

  market(id: number): MarketInfo | undefined {
    return this.infos.get(id);
  }

  symbol(symbol: string): MarketInfo | undefined {
    return this.bySymbol.get(symbol);
  }

  /** Every market, by id. */
  list(): MarketInfo[] {
    return [...this.infos.values()].sort((a, b) => a.id - b.id);
  }

  /** The market's book as last committed (empty for an unknown market). */
  book(marketId: number): BookSnapshot {
    return this.books.get(marketId) ?? { marketId, bids: [], asks: [] };
  }
}
