/** So many per so many seconds, e.g. 10 commands per 10 s. */
export interface Rate {
  count: number;
  seconds: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms, the limiter's clock). */
  at: number;
}

/** Buckets are forgotten once full again; beyond this many members at once the full ones are swept. */
const SWEEP_ABOVE = 10_000;

/**
 * Token buckets, one per key (a member): each holds up to `rate.count` tokens and refills
 * continuously at `rate.count` per `rate.seconds`; an action takes one token. So a member
 * may send a burst of `count` at once, then one every `seconds / count`. Time comes from the
 * caller (an injected clock), so tests never sleep.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(readonly rate: Rate) {
    this.perMs = rate.count / (rate.seconds * 1000);
  }

  /** Milliseconds until `key` has a token; 0 when it has one now. Changes nothing. */
  wait(key: string, now: number): number {
    const tokens = this.tokens(key, now);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / this.perMs);
  }

  /** Take one token (call only after `wait` said 0). */
  take(key: string, now: number): void {
    if (this.buckets.size > SWEEP_ABOVE) this.sweep(now);
    this.buckets.set(key, { tokens: this.tokens(key, now) - 1, at: now });
  }

  private tokens(key: string, now: number): number {
    const b = this.buckets.get(key);
    if (!b) return this.rate.count;
    // A clock that steps back (a test, a system clock change) refills nothing and takes nothing.
    return Math.min(this.rate.count, b.tokens + Math.max(0, now - b.at) * this.perMs);
  }

  private sweep(now: number): void {
    for (const key of [...this.buckets.keys()]) if (this.tokens(key, now) >= this.rate.count) this.buckets.delete(key);
  }

  /** Members with a bucket that is not full (for tests and diagnostics). */
  get tracked(): number {
    return this.buckets.size;
  }
}

/** "3 s", "2 min": how long to wait, rounded up so that trying again then works. */
export function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 90 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

/** "10 per 10 s", "3 per minute". */
export function rateText(rate: Rate): string {
  const per =
    rate.seconds === 60
      ? 'minute'
      : rate.seconds === 3600
        ? 'hour'
        : rate.seconds % 60 === 0
          ? `${rate.seconds / 60} min`
          : `${rate.seconds} s`;
  return `${rate.count} per ${per}`;
}
