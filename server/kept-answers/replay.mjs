// @ts-check
// A kept answer replayed, personalised for the request: a page's policy and markup get a fresh
// script nonce (no nonce is ever sent twice), a signed-in visitor's page carries their session in
// the hole the app's check() gives (lib/shared/web/session-hole.ts), and `/` for a signed-in visitor
// is the app's redirect, answered without rendering. A page is gzipped from the segments
// compressed when it was kept (server/kept-answers/gzip-pieces.mjs).
import { randomBytes } from "node:crypto";
import { chooseEncoding } from "../accept-encoding.mjs";
import { gzipOfPieces, inflateSegment } from "./gzip-pieces.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { ReplayCheck } from "../../lib/shared/web/registries/kept-answers.mjs" */
/** @import { Entry } from "./entries.mjs" */
/** @import { Piece } from "./gzip-pieces.mjs" */

/** The `>` of a page's <body> tag, where a signed-in visitor's session hole goes instead. */
const BODY_CLOSE = Buffer.from(">");

/**
 * Writes `entry` as the answer to `req`, as `result` (a fresh check) allows; false (nothing
 * written) when a signed-in visitor cannot be given this page.
 * @param {Entry} entry @param {boolean} personal @param {Extract<ReplayCheck, { verdict: "fresh" }>} result
 * @param {IncomingMessage} req @param {ServerResponse} res
 */
export function writeReplay(entry, personal, result, req, res) {
  const headers = { ...entry.headers };
  let body = entry.nonce === null ? entry.body : Buffer.alloc(0);
  let status = entry.status;
  // A page's policy gets a fresh nonce whatever the answer: no nonce is ever sent twice.
  const nonce = entry.nonce ? randomBytes(18).toString("base64") : null;
  if (nonce && entry.nonce) headers["content-security-policy"] = String(headers["content-security-policy"]).replaceAll(entry.nonce, nonce);
  if (result.redirect) {
    // What Next.js answers for the page's redirect(), without rendering it.
    status = 307;
    body = Buffer.alloc(0);
    delete headers["content-type"];
    delete headers.etag;
    headers.location = result.redirect;
  } else if (nonce && entry.nonce !== null) {
    const between = { bytes: Buffer.from(nonce) };
    const hole = personal ? result.hole?.(nonce) : undefined;
    if (personal && (!hole || !entry.hasBody)) return false;
    const bodyClose = { bytes: hole ? Buffer.from(hole) : BODY_CLOSE };
    /** @type {Piece[]} */
    const pieces = entry.segments.flatMap((segment, i) => (i ? [entry.slots[i - 1] === "nonce" ? between : bodyClose, segment] : [segment]));
    if (chooseEncoding(req.headers["accept-encoding"], ["gzip"]) === "gzip") {
      body = gzipOfPieces(pieces);
      headers["content-encoding"] = "gzip";
    } else body = Buffer.concat(pieces.map((piece) => ("bytes" in piece ? piece.bytes : inflateSegment(piece))));
  }
  if (result.cookies.length) headers["set-cookie"] = result.cookies;
  headers["content-length"] = body.length;
  res.writeHead(status, headers);
  res.end(body);
  return true;
}
