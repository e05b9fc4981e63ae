/** Exact non-negative rationals for odds. BigInt keeps long products of 1/6 and 1/20 exact. */
export class Fraction {
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);

  static of(num: number | bigint, den: number | bigint = 1n): Fraction {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('Fraction with zero denominator');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    return new Fraction(n / g, d / g);
  }

  add(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  sub(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }

  mul(o: Fraction): Fraction {
    return Fraction.of(this.num * o.num, this.den * o.den);
  }

  div(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den, this.den * o.num);
  }

  isZero(): boolean {
    return this.num === 0n;
  }

  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }

  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }

  /** "p/q", reduced; certainty is "1/1". */
  toString(): string {
    return `${this.num}/${this.den}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
