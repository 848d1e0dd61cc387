// @ts-check
// Live order event streams are written by this hand-off, not piped through Next.js: the route
// checks who is asking and answers an empty 200 with a ticket header; when Next.js ends that
// response, the ticket's owner (lib/server/live/stream.ts) gets the Node response and
// writes the stream itself. Next.js's per-request state is then freed once the route has answered
// instead of living as long as the stream (85 KB a stream, measured: 2,000 streams would not fit
// the worker's heap). The contract: the header in lib/shared/web/host-contract.mjs, the registry and
// its types in lib/shared/web/registries/stream-handoff.mjs.
import { AsyncResource } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { HANDOFF_HEADER } from "../lib/shared/web/host-contract.mjs";
import { installStreamHandoff } from "../lib/shared/web/registries/stream-handoff.mjs";
import { methodsOf, setMethods } from "./response-methods.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { HandedOffResponse } from "../lib/shared/web/registries/stream-handoff.mjs" */

/** Where Next.js keeps its state on the request (next/dist/server/request-meta.js; it reads a missing one as empty). */
const NEXT_REQUEST_META = Symbol.for("NextInternalRequestMeta");

/** A ticket not taken by then (Next.js never ended the response: an error, a client gone) is dropped. */
const HANDOFF_TTL_MS = 30_000;

/** @typedef {{ start: (response: HandedOffResponse) => void, timer: NodeJS.Timeout }} Ticket */

/** Installs the hand-off the stream code finds through the contract; returns what each request goes through. */
export function offerStreams() {
  /** @type {Map<string, Ticket>} */
  const tickets = new Map();
  // The streams run in this startup-time async context, not the request's: a timer keeps the
  // async context it was created in (AsyncLocalStorage), which would hold the request's state.
  const detached = new AsyncResource("nosh-stream");
  installStreamHandoff({
    offer(start, abandon) {
      const ticket = randomUUID();
      const timer = setTimeout(() => tickets.delete(ticket) && abandon(), HANDOFF_TTL_MS);
      timer.unref();
      tickets.set(ticket, { start, timer });
      return ticket;
    },
  });
  /**
   * GET requests whose answer may be a hand-off. The ticket is looked for when the headers are
   * written (Next.js's compression wrapper writes them before it calls end), and the stream's
   * owner gets the response when Next.js ends it. The owner writes and ends through Node's own
   * methods: the wrappers Next.js installed consider the response finished.
   * @param {IncomingMessage} req @param {ServerResponse} res
   */
  return (req, res) => {
    if (req.method !== "GET") return;
    const { writeHead, end } = methodsOf(res);
    /** The response's own methods before Next.js's (the host's layers, this one's below): Next.js's wrappers are the others. */
    const hostMethods = new Set(Object.keys(res).filter((key) => typeof Reflect.get(res, key) === "function"));
    hostMethods.add("writeHead").add("end");
    /** @type {Ticket | null} */
    let handOff = null;
    setMethods(res, {
      writeHead: function writeHeadOrHandOff(...args) {
        const ticket = this.getHeader(HANDOFF_HEADER);
        if (ticket !== undefined) {
          this.removeHeader(HANDOFF_HEADER);
          this.removeHeader("content-length");
          handOff = tickets.get(String(ticket)) ?? null;
          tickets.delete(String(ticket));
          if (handOff) clearTimeout(handOff.timer);
        }
        return writeHead.apply(this, args);
      },
      end: function endOrHandOff(...args) {
        if (!handOff) return end.apply(this, args);
        const { start } = handOff;
        handOff = null;
        // Next.js's own work for a closed response (ending the request's abort signal, its
        // after() phase, releasing compression) holds the whole request's state: for Next.js
        // the response is over, so that work runs now, and the stream listens for the close itself.
        const nextCloseWork = res.listeners("close");
        res.removeAllListeners("close");
        /** @type {HandedOffResponse} */
        const response = {
          write: (chunk) => /** @type {(this: ServerResponse, chunk: Uint8Array) => boolean} */ (http.ServerResponse.prototype.write).call(res, chunk),
          end: () => void end.call(res),
          once: (event, listener) => res.once(event, listener),
          get writableLength() {
            return res.writableLength;
          },
          // The backlog is read page by page as the client takes it (the response's "drain").
          get writableNeedDrain() {
            return res.writableNeedDrain;
          },
          flushHeaders: () => res.flushHeaders(),
        };
        detached.runInAsyncScope(start, null, response);
        for (const work of nextCloseWork) work.call(res);
        // The request and response live as long as the connection (Node's parser and socket
        // hold them), so what Next.js left on them goes once it has returned from its last step
        // of this request: its meta on the request (its incremental cache ...) and its wrappers
        // on the response (setHeader's holds Next.js's request object): about 4 KB a stream.
        setImmediate(() => {
          delete (/** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (req))[NEXT_REQUEST_META]);
          for (const key of Object.keys(res)) if (!hostMethods.has(key) && typeof Reflect.get(res, key) === "function") Reflect.deleteProperty(res, key);
        });
        return this;
      },
    });
  };
}
