/** The seed of the demo data and market maker: the same seed gives the same prices. */
export const DEMO_SEED = 20_240_601;

/**
 * mulberry32, a small seeded generator. It yields integers only, so the prices built from it are
 * exact integer maths (bps of ticks), never floats.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An unsigned 32-bit integer. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + (this.next() % (max - min + 1));
  }

  /** A bigint in [min, max]. */
  big(min: bigint, max: bigint): bigint {
    const span = max - min + 1n;
    const wide = (BigInt(this.next()) << 32n) | BigInt(this.next());
    return min + (wide % span);
  }
}
