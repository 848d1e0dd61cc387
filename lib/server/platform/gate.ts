import "server-only";
import { busy } from "./errors";

/**
 * A bound on an expensive step (decoding a picture, a search the cache cannot answer): at most
 * `running` at once and `queued` waiting for a turn, first come first served; past that the
 * caller gets a 503 with Retry-After (errors.ts `busy()`) at once instead of a longer queue, so a
 * burst costs a bounded amount of CPU and memory. The limits are read on each call (a function,
 * so they can come from the configuration).
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: () => { running: number; queued: number }) {}

  /** Steps running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.waiting.length };
  }

  /** A turn: resolves when the step may run (throws busy when the queue is full); call the result once done. */
  async acquire(): Promise<() => void> {
    const { running, queued } = this.limits();
    if (this.active >= running) {
      if (this.waiting.length >= queued) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes straight to the next in line, so `active` never drops below a waiter.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }

  /** Runs `step` in a turn. */
  async run<T>(step: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await step();
    } finally {
      release();
    }
  }
}
