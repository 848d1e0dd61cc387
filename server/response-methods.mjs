// @ts-check
// Helpers for the host's layers over Node's response (the body cap, the JSON error bodies, the
// stream hand-off, shared answers, paint first): each replaces writeHead, write and end with a
// wrapper that calls the one it found, so the layers stack in the order they are installed and
// Next.js wraps them in turn (its compression). Node's own methods are overloaded; a wrapper
// sees their arguments as they were passed, untyped, and hands them on unchanged.

/** @import { IncomingMessage, ServerResponse } from "node:http" */

/** A response method as a wrapper sees it: Node's arguments, whatever they are. @typedef {(this: ServerResponse, ...args: unknown[]) => unknown} Method */
/** @typedef {{ writeHead: Method, write: Method, end: Method }} Methods */

/** The response's current writeHead, write and end. @param {ServerResponse} res @returns {Methods} */
export function methodsOf(res) {
  const { writeHead, write, end } = /** @type {Methods} */ (/** @type {unknown} */ (res));
  return { writeHead, write, end };
}

/** Installs `methods` on the response (`this` is the response in each). @param {ServerResponse} res @param {Partial<Methods>} methods */
export function setMethods(res, methods) {
  Object.assign(res, methods);
}

/** The completion callback among a write's or end's arguments, if any. @param {unknown[]} args @returns {(() => void) | undefined} */
export const callbackOf = (...args) => /** @type {(() => void) | undefined} */ (args.find((arg) => typeof arg === "function"));

/** Whether writeHead was given headers itself (they cannot be amended through setHeader). @param {unknown[]} args */
export const headersInCall = (args) => args.some((arg) => arg && typeof arg === "object");

/** A response chunk as Node's res.write takes it, as bytes. @param {unknown} chunk @param {unknown} encoding */
export const chunkBytes = (chunk, encoding) =>
  typeof chunk === "string"
    ? Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8")
    : Buffer.from(/** @type {Uint8Array} */ (chunk));

/** Whether a write or end carries data (not nothing, nor only its callback). @param {unknown} chunk */
export const isData = (chunk) => !(chunk === undefined || chunk === null || typeof chunk === "function");

/** Requests for something other than the page's HTML (React Server Components payloads, prefetches). */
const ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-url", "next-action"];

/** Whether `req` asks for a page's HTML, not a client-side navigation's RSC payload. @param {IncomingMessage} req */
export const asksForDocument = (req) => !ROUTER_HEADERS.some((name) => req.headers[name] !== undefined) && !String(req.url).includes("_rsc=");

const NONCE = /'nonce-([^']+)'/;
/** The script nonce of a Content-Security-Policy header, if any. @param {unknown} policy */
export const nonceOf = (policy) => NONCE.exec(String(policy ?? ""))?.[1];
