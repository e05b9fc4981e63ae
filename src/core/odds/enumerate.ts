import { DiceError, type Dice } from '../dice/dice.js';
import { Fraction } from './fraction.js';

/** One outcome of an action with its exact probability. */
export interface Weighted<T> {
  value: T;
  p: Fraction;
}

interface Choice {
  weights: readonly Fraction[];
  values: readonly number[];
}

/**
 * Exact odds walk every dice path with exact fractions: past these bounds the walk would take
 * seconds to minutes, so it is refused with a line saying how to roll without exact odds.
 */
export const EXACT_LIMITS = { poolDice: 60, paths: 500_000 } as const;

const HOW_TO_ROLL = 'leave out "exact": true to roll the dice instead';

function checkPaths(walked: number): void {
  if (walked > EXACT_LIMITS.paths) throw new DiceError('exact', `exact odds are capped at ${EXACT_LIMITS.paths} dice paths and this action has more; ${HOW_TO_ROLL}`);
}

function checkPool(count: number): void {
  if (count > EXACT_LIMITS.poolDice) {
    throw new DiceError('exact', `exact odds are capped at ${EXACT_LIMITS.poolDice} dice in one pool, this action rolls ${count}; ${HOW_TO_ROLL}`);
  }
}

const cache = new Map<string, Choice>();

function memo(key: string, build: () => Choice): Choice {
  let c = cache.get(key);
  if (!c) {
    c = build();
    cache.set(key, c);
  }
  return c;
}

const uniformBySides: Choice[] = [];

function uniform(sides: number): Choice {
  const known = uniformBySides[sides];
  if (known) return known;
  return (uniformBySides[sides] = memo(`u${sides}`, () => ({
    weights: Array.from({ length: sides }, () => Fraction.of(1, sides)),
    values: Array.from({ length: sides }, (_, i) => i + 1),
  })));
}

function highest(count: number, sides: number): Choice {
  return memo(`h${count}:${sides}`, () => {
    const total = BigInt(sides) ** BigInt(count);
    return {
      weights: Array.from({ length: sides }, (_, i) => {
        const k = BigInt(i + 1);
        return Fraction.of(k ** BigInt(count) - (k - 1n) ** BigInt(count), total);
      }),
      values: Array.from({ length: sides }, (_, i) => i + 1),
    };
  });
}

function binomial(count: number, sides: number, target: number): Choice {
  return memo(`b${count}:${sides}:${target}`, () => {
    const good = Math.max(0, Math.min(sides, sides - target + 1));
    const p = Fraction.of(good, sides);
    const q = Fraction.ONE.sub(p);
    const weights: Fraction[] = [];
    let c = 1n;
    for (let k = 0; k <= count; k++) {
      if (k > 0) c = (c * BigInt(count - k + 1)) / BigInt(k);
      let w = Fraction.of(c);
      for (let i = 0; i < k; i++) w = w.mul(p);
      for (let i = 0; i < count - k; i++) w = w.mul(q);
      weights.push(w);
    }
    // A sure or impossible target leaves one branch: the walk never visits zero-weight paths.
    const values = weights.map((_, k) => k).filter((k) => !(weights[k] as Fraction).isZero());
    return { weights: values.map((k) => weights[k] as Fraction), values };
  });
}

/** How many pool dice beat one opposing die: for each opposing face, a sum of independent trials. */
function above(pool: readonly number[], againstSides: number): Choice {
  return memo(`a${pool.join(',')}:${againstSides}`, () => {
    let total = Array.from({ length: pool.length + 1 }, () => Fraction.ZERO);
    const perFace = Fraction.of(1, againstSides);
    for (let r = 1; r <= againstSides; r++) {
      let dist = [Fraction.ONE];
      for (const sides of pool) {
        const p = Fraction.of(Math.max(0, sides - r), sides);
        const q = Fraction.ONE.sub(p);
        dist = Array.from({ length: dist.length + 1 }, (_, k) =>
          (k < dist.length ? (dist[k] as Fraction).mul(q) : Fraction.ZERO).add(k > 0 ? (dist[k - 1] as Fraction).mul(p) : Fraction.ZERO),
        );
      }
      total = total.map((t, k) => t.add((dist[k] as Fraction).mul(perFace)));
    }
    const values = total.map((_, k) => k).filter((k) => !(total[k] as Fraction).isZero());
    return { weights: values.map((k) => total[k] as Fraction), values };
  });
}

/**
 * Walks every path through an action's dice, depth first, re-running the action once per
 * path (an odometer over the choices it made). Shared mechanics arrive as single weighted
 * choices, so "2 keep highest" is 6 branches, not 36, and a count of successes is n+1.
 */
class EnumeratingDice implements Dice {
  /** Choice index taken at each step of the current path. */
  path: number[] = [];
  /** Number of branches at each step of the current path. */
  widths: number[] = [];
  /** The path's weight as an unreduced product: reducing at every step dominated the cost. */
  weightNum = 1n;
  weightDen = 1n;
  private step = 0;

  reset(): void {
    this.step = 0;
    this.weightNum = 1n;
    this.weightDen = 1n;
  }

  /** Move the odometer to the next path; false when every path has been walked. */
  advance(): boolean {
    this.path.length = this.step;
    this.widths.length = this.step;
    for (let i = this.path.length - 1; i >= 0; i--) {
      const next = (this.path[i] as number) + 1;
      if (next < (this.widths[i] as number)) {
        this.path[i] = next;
        this.path.length = i + 1;
        this.widths.length = i + 1;
        return true;
      }
    }
    return false;
  }

  private take(choice: Choice): number {
    let i: number;
    if (this.step < this.path.length) {
      i = this.path[this.step] as number;
    } else {
      i = 0;
      this.path.push(0);
      this.widths.push(choice.values.length);
    }
    this.step++;
    const w = choice.weights[i] as Fraction;
    this.weightNum *= w.num;
    this.weightDen *= w.den;
    return choice.values[i] as number;
  }

  roll(sides: number): number {
    return this.take(uniform(sides));
  }

  keepHighest(count: number, sides: number): number {
    checkPool(count);
    return this.take(highest(count, sides));
  }

  countAtLeast(count: number, sides: number, target: number): number {
    checkPool(count);
    return this.take(binomial(count, sides, target));
  }

  repeatWhile<T>(attempt: (dice: Dice) => T, again: (value: T) => boolean): { value: T; rounds: number } {
    // P(final = v) = P(v) / (1 - P(repeat)): condition one attempt on not repeating.
    const outcomes = distribution(attempt).filter((o) => !again(o.value));
    const stop = outcomes.reduce((s, o) => s.add(o.p), Fraction.ZERO);
    if (stop.isZero()) throw new RangeError('repeatWhile: the attempt always repeats');
    const choice: Choice = {
      weights: outcomes.map((o) => o.p.div(stop)),
      values: outcomes.map((_, i) => i),
    };
    const index = this.take(choice);
    return { value: (outcomes[index] as Weighted<T>).value, rounds: 1 };
  }

  rollWithReroll(sides: number, reroll: (first: number) => boolean): number {
    const first = this.roll(sides);
    return reroll(first) ? this.roll(sides) : first;
  }

  countAbove(pool: readonly number[], againstSides: number): number {
    checkPool(pool.length);
    return this.take(above(pool, againstSides));
  }

  /** Convolved totals by the path that led to the call: the same earlier dice give the same parts. */
  private readonly sums = new Map<string, { totals: Weighted<readonly number[]>[]; choice: Choice }>();

  sumOf(parts: readonly ((dice: Dice) => readonly number[])[], keys?: readonly string[]): number[] {
    const at = this.step === 0 ? '' : this.path.slice(0, this.step).join(',');
    let known = this.sums.get(at);
    if (!known) {
      const totals = convolveParts(parts, keys);
      known = { totals, choice: { weights: totals.map((t) => t.p), values: totals.map((_, i) => i) } };
      this.sums.set(at, known);
    }
    return [...(known.totals[this.take(known.choice)] as Weighted<readonly number[]>).value];
  }
}

/** Outcomes over one shared denominator: sums and products stay integer, reduced once at the end. */
interface Tally {
  den: bigint;
  items: Map<string, { value: readonly number[]; num: bigint }>;
}


const tallies = new Map<string, Tally>();

/** One part's outcomes merged by vector: many dice paths, few distinct counts. */
function mergedPart(part: (dice: Dice) => readonly number[], key: string | undefined): Tally {
  if (key !== undefined) {
    const known = tallies.get(key);
    if (known) return known;
    const built = mergedPart(part, undefined);
    if (tallies.size > 10_000) tallies.clear();
    tallies.set(key, built);
    return built;
  }
  const outcomes = distribution(part);
  let den = 1n;
  for (const o of outcomes) den = (den / gcd(den, o.p.den)) * o.p.den;
  const items = new Map<string, { value: readonly number[]; num: bigint }>();
  for (const o of outcomes) {
    const key = o.value.join(',');
    const num = o.p.num * (den / o.p.den);
    const seen = items.get(key);
    if (seen) seen.num += num;
    else items.set(key, { value: o.value, num });
  }
  return { den, items };
}

/** The distribution of the element-wise sum of independent parts, in a deterministic order. */
function convolveParts(parts: readonly ((dice: Dice) => readonly number[])[], keys: readonly string[] | undefined): Weighted<readonly number[]>[] {
  let acc: Tally | null = null;
  for (const [i, part] of parts.entries()) {
    const next = mergedPart(part, keys?.[i]);
    if (acc === null) {
      acc = next;
      continue;
    }
    const items = new Map<string, { value: readonly number[]; num: bigint }>();
    for (const a of acc.items.values()) {
      for (const b of next.items.values()) {
        if (a.value.length !== b.value.length) throw new RangeError('sumOf: parts returned vectors of different lengths');
        const v = a.value.map((x, i) => x + (b.value[i] as number));
        const key = v.join(',');
        const num = a.num * b.num;
        const seen = items.get(key);
        if (seen) seen.num += num;
        else items.set(key, { value: v, num });
      }
    }
    acc = { den: acc.den * next.den, items };
  }
  if (acc === null) return [{ value: [], p: Fraction.ONE }];
  const den = acc.den;
  return [...acc.items.values()].filter((o) => o.num !== 0n).map((o) => ({ value: o.value, p: Fraction.of(o.num, den) }));
}

/** Every outcome of `run` with its exact probability (paths are not merged). */
export function distribution<T>(run: (dice: Dice) => T): Weighted<T>[] {
  const dice = new EnumeratingDice();
  const out: Weighted<T>[] = [];
  let paths = 0;
  do {
    checkPaths(++paths);
    dice.reset();
    const value = run(dice);
    if (dice.weightNum !== 0n) out.push({ value, p: Fraction.of(dice.weightNum, dice.weightDen) });
  } while (dice.advance());
  return out;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * Odds of every key of `run`'s outputs in one walk: `groupOdds(distribution(run), keysOf)`
 * with the same result, byte for byte, at less cost. A path's weight stays the unreduced
 * product the walk made (no gcd per path: sums are exact whatever the denominator, and each
 * key's total is reduced once at the end); paths with the same output are summed before
 * `keysOf` runs, told apart by one native JSON.stringify of the output.
 */
export function exactOdds<T>(run: (dice: Dice) => T, keysOf: (value: T) => readonly string[]): Map<string, Fraction> {
  const dice = new EnumeratingDice();
  /** One entry per distinct output: its value and its paths' weights, by denominator. */
  const byOutput = new Map<string, { value: T; nums: bigint[]; dens: bigint[] }>();
  let paths = 0;
  do {
    checkPaths(++paths);
    dice.reset();
    const value = run(dice);
    const num = dice.weightNum;
    if (num === 0n) continue;
    const den = dice.weightDen;
    const id = plainId(value);
    const seen = byOutput.get(id);
    if (!seen) byOutput.set(id, { value, nums: [num], dens: [den] });
    else {
      const i = seen.dens.indexOf(den);
      if (i < 0) {
        seen.nums.push(num);
        seen.dens.push(den);
      } else seen.nums[i] = (seen.nums[i] as bigint) + num;
    }
  } while (dice.advance());
  // One common denominator over the few distinct ones, so every sum is an integer add.
  const dens: bigint[] = [];
  for (const o of byOutput.values()) for (const d of o.dens) if (!dens.includes(d)) dens.push(d);
  let common = 1n;
  for (const d of dens) common = (common / gcd(common, d)) * d;
  const scales = dens.map((d) => common / d);
  const sums = new Map<string, bigint>();
  for (const o of byOutput.values()) {
    let sum = 0n;
    for (let i = 0; i < o.nums.length; i++) sum += (o.nums[i] as bigint) * (scales[dens.indexOf(o.dens[i] as bigint)] as bigint);
    for (const k of keysOf(o.value)) sums.set(k, (sums.get(k) ?? 0n) + sum);
  }
  return new Map([...sums].map(([k, n]) => [k, Fraction.of(n, common)]));
}

/**
 * Identity of a plain-data output for grouping: two outputs that share it must give the same
 * odds keys. JSON drops undefined fields, which no key reads, so JSON.stringify will do.
 */
function plainId(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Identity of a plain-data output: flat records of primitives without JSON's cost. */
function outputId(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value === 'string' ? JSON.stringify(value) : String(value);
  const record = value as Record<string, unknown>;
  let id = '';
  for (const k in record) {
    const v = record[k];
    id += k;
    id += ':';
    id += typeof v === 'string' || (typeof v === 'object' && v !== null) ? JSON.stringify(v) : String(v);
    id += ',';
  }
  return id;
}

/**
 * Sums probabilities of paths that share a key. Keys keep first-seen order. Paths with equal
 * outputs are summed first, so `keysOf` runs once per distinct output; sums run over one
 * common denominator, so each addition is an integer add.
 */
export function groupOdds<T>(outcomes: readonly Weighted<T>[], keysOf: (value: T) => readonly string[]): Map<string, Fraction> {
  // Few distinct denominators: a short list beats hashing bigints for every path.
  const dens: bigint[] = [];
  for (const o of outcomes) if (!dens.includes(o.p.den)) dens.push(o.p.den);
  let common = 1n;
  for (const d of dens) common = (common / gcd(common, d)) * d;
  const scales = dens.map((d) => common / d);
  const byOutput = new Map<string, { value: T; sum: bigint }>();
  for (const o of outcomes) {
    const id = outputId(o.value);
    const scaled = o.p.num * (scales[dens.indexOf(o.p.den)] as bigint);
    const seen = byOutput.get(id);
    if (seen) seen.sum += scaled;
    else byOutput.set(id, { value: o.value, sum: scaled });
  }
  const sums = new Map<string, bigint>();
  for (const { value, sum } of byOutput.values()) {
    for (const k of keysOf(value)) sums.set(k, (sums.get(k) ?? 0n) + sum);
  }
  return new Map([...sums].map(([k, n]) => [k, Fraction.of(n, common)]));
}
