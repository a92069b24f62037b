/** Time for ballots: the real clock in the bot, a hand-driven one in tests. */
export interface VoteClock {
  now(): number;
  /** Run `fn` at `atMs` (epoch ms); returns a cancel function. */
  schedule(atMs: number, fn: () => void): () => void;
}

export const realClock: VoteClock = {
  now: () => Date.now(),
  schedule(atMs, fn) {
    const timer = setTimeout(fn, Math.max(0, atMs - Date.now()));
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/** A clock that moves only when told: `advance` runs every task that falls due, in order. */
export class ManualClock implements VoteClock {
  private tasks: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;
  constructor(private time = Date.UTC(2026, 10, 23, 12)) {}

  now(): number {
    return this.time;
  }

  schedule(atMs: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.tasks.push({ at: atMs, fn, id });
    return () => {
      this.tasks = this.tasks.filter((t) => t.id !== id);
    };
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = this.tasks.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = until;
  }

  get pending(): number {
    return this.tasks.length;
  }
}
