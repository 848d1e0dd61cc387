import "server-only";

// A background pass (the dispatch tick, the order sweeps, the outbox's and webhooks' batches) runs
// one awaited transaction per item. On SQLite a statement runs synchronously, so such a pass never
// returns to the event loop until it ends: its awaits are microtasks, and every request waiting for
// the loop waits for the whole pass (hundreds of ms under the rush, bench/long-tasks.mjs). A pass
// takes a turn between its items instead: timers, sockets and other requests run, then it goes on.

/** Resolves once the event loop has gone round: the I/O and timers waiting now have run. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
