/**
 * The one random generator of the engine: xoshiro128** (Blackman & Vigna), seeded from a
 * string through FNV-1a and splitmix32. Its whole state is four uint32 words that live in the
 * game state, so a game replays bit for bit from its seed and journal.
 */
export type RngState = readonly [number, number, number, number];

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function seedRng(seed: string): RngState {
  const next = splitmix32(fnv1a(seed));
  const s: [number, number, number, number] = [next(), next(), next(), next()];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1; // the all-zero state is a fixed point
  return s;
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

/** A mutable cursor over an RngState, for hot loops; `state()` hands the words back. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  static fromSeed(seed: string): Rng {
    return new Rng(seedRng(seed));
  }

  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.b << 9) >>> 0;
    this.c = (this.c ^ this.a) >>> 0;
    this.d = (this.d ^ this.b) >>> 0;
    this.b = (this.b ^ this.c) >>> 0;
    this.a = (this.a ^ this.d) >>> 0;
    this.c = (this.c ^ t) >>> 0;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** A uniform integer 1..sides, without modulo bias (rejection sampling). */
  die(sides: number): number {
    const limit = 0x100000000 - (0x100000000 % sides);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return (x % sides) + 1;
    }
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }
}
