import type { Level } from '../types.js';

interface DepthSource {
  depth(maxLevels: number): { bids: Level[]; asks: Level[] };
}

/**
 * Renders a book as a bid | price | ask table, highest price on top (asks above bids), so scenario
 * tests read like the ladder a trader sees:
 *
 *       |  102 | 3
 *     5 |  101 |
 */
export function renderBook(book: DepthSource, maxLevels = 100): string {
  const { bids, asks } = book.depth(maxLevels);
  return [
    ...[...asks].reverse().map((level) => row('', String(level.price), String(level.qty))),
    ...bids.map((level) => row(String(level.qty), String(level.price), '')),
  ].join('\n');
}

/** Normalises a hand-written table (any spacing, blank lines ignored) to renderBook's layout. */
export function table(template: string): string {
  return template
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [bid = '', price = '', ask = ''] = line.split('|').map((cell) => cell.trim());
      return row(bid, price, ask);
    })
    .join('\n');
}

function row(bid: string, price: string, ask: string): string {
  return `${bid.padStart(5)} | ${price.padStart(4)} | ${ask}`.trimEnd();
}
