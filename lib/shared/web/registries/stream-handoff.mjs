// @ts-check
// The live order event streams' hand-off (docs/architecture/live-order-events.md), one of the
// three registries the host puts on globalThis for the app (docs/architecture/host.md "The
// contract"): the host and the app's bundles are two module graphs in one process, so a
// module-level variable would not be seen by both. Absent without the host (Vitest): a stream is
// then a ReadableStream.
//
// - Installed and filled by the host: server/stream-handoff.mjs (`offer`: a ticket for a stream
//   the host writes itself, straight to Node's response, past Next.js's wrappers).
// - Read by the app: lib/server/live/stream.ts offers each stream and sends the ticket in
//   HANDOFF_HEADER (lib/shared/web/host-contract.mjs), which the host takes off the answer.
//
// Plain JavaScript with JSDoc types, like lib/shared/web/host-contract.mjs; it imports nothing.

/**
 * The part of Node's response a handed-off stream writes through (the host's own methods: the
 * wrappers Next.js installed consider the response finished). `writableNeedDrain`: a write
 * returned false and "drain" has not come yet.
 * @typedef {{
 *   write(chunk: Uint8Array): boolean,
 *   end(): void,
 *   once(event: "close" | "drain", listener: () => void): unknown,
 *   readonly writableLength: number,
 *   readonly writableNeedDrain: boolean,
 *   flushHeaders(): void,
 * }} HandedOffResponse
 */

/**
 * The hand-off the host offers: `offer` registers `start` under a new ticket (sent in
 * HANDOFF_HEADER) and returns it; `abandon` runs if the ticket is never taken.
 * @typedef {{ offer(start: (response: HandedOffResponse) => void, abandon: () => void): string }} StreamHandoff
 */

const holder = /** @type {{ __noshStreamHandoff?: StreamHandoff }} */ (globalThis);

/** The host's (server/stream-handoff.mjs): offers the hand-off. @param {StreamHandoff} handoff */
export function installStreamHandoff(handoff) {
  holder.__noshStreamHandoff = handoff;
}

/** The app's (lib/server/live/stream.ts): the hand-off, or undefined without the host. */
export const streamHandoff = () => holder.__noshStreamHandoff;
