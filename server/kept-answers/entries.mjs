// @ts-check
// What the store of shared answers keeps (server/kept-answers/store.mjs): an API answer as Next.js
// wrote it, or a page's HTML cut where each answer differs (the nonce, the session hole), each
// static segment compressed once so a replay compresses nothing (server/kept-answers/gzip-pieces.mjs). A page
// is kept compressed only: its raw HTML (110-260 KB a catalog page) is let go once cut and deflated.
import zlib from "node:zlib";
import { XSRF_COOKIE } from "../../lib/shared/web/host-contract.mjs";
import { promisify } from "node:util";
import { deflateSegmentAside, exactCopy } from "./gzip-pieces.mjs";
import { paintFirstPage } from "../paint-first.mjs";
import { nonceOf } from "../response-methods.mjs";

/** @import { ServerResponse, OutgoingHttpHeaders } from "node:http" */
/** @import { Segment } from "./gzip-pieces.mjs" */
/** @typedef {{ mark: string, status: number, headers: OutgoingHttpHeaders, body: Buffer, nonce: null, size: number }} ApiEntry */
/**
 * `segments`: the page's bytes, cut at each `slots` entry ("nonce": the answer's nonce goes
 * there; "body": the `>` of the <body> tag, or a signed-in visitor's session hole), each deflated
 * once (with its length and CRC: gzip-pieces.mjs); `hasBody`: whether there is a "body" slot.
 * @typedef {{ mark: string, status: number, headers: OutgoingHttpHeaders, nonce: string, segments: Segment[], slots: ("nonce" | "body")[], hasBody: boolean, size: number }} PageEntry
 */
/** @typedef {ApiEntry | PageEntry} Entry */

/** Headers that belong to one connection or one moment, never replayed. */
// x-request-id: each request's own (server/ops.mjs sets it before the answer is replayed).
const UNSHARED_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "set-cookie", "x-request-id"]);
/** What a kept segment holds besides its deflated bytes (its object, its numbers), roughly. */
const SEGMENT_OVERHEAD = 96;
/** Off the main thread (zlib's thread pool). @type {Record<string, (bytes: Buffer) => Promise<Buffer>>} */
const DECODE = { gzip: promisify(zlib.gunzip), deflate: promisify(zlib.inflate), br: promisify(zlib.brotliDecompress) };

/** No Set-Cookie, or only the anti-forgery token's (docs/architecture/catalog-and-caching.md "Shared answers"). @param {unknown} value */
export function onlyXsrfCookie(value) {
  if (value === undefined) return true;
  return [value].flat().every((cookie) => String(cookie).startsWith(`${XSRF_COOKIE}=`));
}

/** @param {ServerResponse} res @param {string[]} [leaveOut] */
const headersOf = (res, leaveOut = []) => {
  /** @type {OutgoingHttpHeaders} */
  const headers = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (!UNSHARED_HEADERS.has(name) && !leaveOut.includes(name)) headers[name] = value;
  return headers;
};

/** @param {ServerResponse} res @param {Buffer[]} chunks @param {string} mark @returns {ApiEntry} */
export function apiEntry(res, chunks, mark) {
  const body = exactCopy(Buffer.concat(chunks));
  return { mark, status: 200, headers: headersOf(res), body, nonce: null, size: body.length };
}

/**
 * A page's HTML in segments kept compressed (its nonce is replaced on every replay), or null when
 * it cannot be. Its decoding and compression run in zlib's thread pool: on the main thread they
 * held the event loop 10-150 ms a kept page under the rush (bench/long-tasks.mjs).
 * @param {ServerResponse} res @param {Buffer[]} chunks @param {string} mark @returns {Promise<PageEntry | null>}
 */
export async function pageEntry(res, chunks, mark) {
  const headers = headersOf(res, ["content-encoding"]);
  const nonce = nonceOf(headers["content-security-policy"]);
  const encoding = res.getHeader("content-encoding");
  if (!nonce || !String(headers["content-type"] ?? "").startsWith("text/html")) return null;
  if (encoding !== undefined && !DECODE[String(encoding)]) return null;
  const raw = Buffer.concat(chunks);
  const decoded = encoding === undefined ? raw : await DECODE[String(encoding)](raw);
  const body = Buffer.from(paintFirstPage(decoded.toString("latin1"), nonce), "latin1");
  // Kept as the bytes between the nonce's occurrences (outside the JavaScript heap), joined
  // with a fresh nonce on every replay.
  const nonceBytes = Buffer.from(nonce);
  // Where a signed-in visitor's session hole goes: the `>` closing the <body> tag, as the part
  // it falls in and its offset there (null: no such tag, the page is replayed to no one signed in).
  const bodyOpen = /<body(?=[\s>])/.exec(body.toString("latin1"));
  const bodyEnd = bodyOpen ? body.indexOf(">", bodyOpen.index) : -1;
  /** @type {{ part: number, offset: number } | null} */
  let bodyTag = null;
  /** @type {Buffer[]} */
  const parts = [];
  for (let from = 0; ;) {
    const at = body.indexOf(nonceBytes, from);
    const end = at < 0 ? body.length : at;
    if (bodyEnd >= from && bodyEnd < end) bodyTag = { part: parts.length, offset: bodyEnd - from };
    parts.push(body.subarray(from, end));
    if (at < 0) break;
    from = at + nonceBytes.length;
  }
  // The same bytes as static segments with a slot between each two: a nonce, or the `>` of the
  // <body> tag (where a session hole goes). Each segment is compressed once, here, so a replay
  // compresses nothing (gzipOfPieces), and only its compressed bytes are kept.
  /** @type {Buffer[]} */
  const cut = [];
  /** @type {PageEntry["slots"]} */
  const slots = [];
  parts.forEach((part, i) => {
    if (i) slots.push("nonce");
    if (bodyTag?.part !== i) return void cut.push(part);
    cut.push(part.subarray(0, bodyTag.offset), part.subarray(bodyTag.offset + 1));
    slots.push("body");
  });
  const segments = await Promise.all(cut.map(deflateSegmentAside));
  const size = segments.reduce((sum, segment) => sum + segment.deflated.length + SEGMENT_OVERHEAD, 0);
  return { mark, status: 200, headers, nonce, segments, slots, hasBody: bodyTag !== null, size };
}
