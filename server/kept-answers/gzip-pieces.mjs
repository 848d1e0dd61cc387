// @ts-check
// A page's gzip without compressing it per answer, from pieces kept compressed only. A gzip
// member's deflate data is a series of blocks; each static segment is deflated on its own once
// (raw deflate ending in a sync flush, which leaves it byte-aligned with no reference to earlier
// bytes), and what differs per answer (the nonce, the session hole) goes between them as stored
// (uncompressed) blocks. An empty final block and the CRC-32 and length of the whole closes it
// (RFC 1951 3.2.4, RFC 1952). The whole's CRC-32 is combined from each segment's own, taken when
// it was kept (zlib's crc32_combine_op), so a kept segment's raw bytes are not kept at all.
import { promisify } from "node:util";
import zlib from "node:zlib";

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const DEFLATE_FINAL_EMPTY = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;
/** CRC-32's polynomial, reflected. */
const POLY = 0xedb88320;

/**
 * `bytes` in a buffer of their own, exactly their size: what is kept must not hold more than it
 * counts (zlib's sync output is a view of a 16 KB chunk, a small Buffer one of an 8 KB pool slab).
 * @param {Buffer} bytes
 */
export function exactCopy(bytes) {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** a(x) b(x) modulo CRC-32's polynomial (zlib's multmodp). @param {number} a @param {number} b */
function multiplyModP(a, b) {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib's x2n_table). */
const X2N = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multiplyModP(table[k - 1], table[k - 1]));
  return table;
})();

/** The operator that moves a CRC past `length` bytes (zlib's crc32_combine_gen). @param {number} length */
export function crcShift(length) {
  let p = 0x80000000;
  for (let n = length, k = 3; n; n = Math.floor(n / 2), k++) if (n % 2) p = multiplyModP(X2N[k & 31], p);
  return p >>> 0;
}

/** A kept segment: its deflate blocks, its length and CRC-32, the operator of its length. @typedef {{ deflated: Buffer, length: number, crc: number, shift: number }} Segment */
/** A piece of an answer: a kept segment, or bytes of this answer only (sent stored). @typedef {Segment | { bytes: Buffer }} Piece */

const deflateRaw = promisify(zlib.deflateRaw);

/** A static segment, deflated once (server/kept-answers/entries.mjs) off the main thread (zlib's thread pool: a page is 100-260 KB), in a buffer of its own size, with its CRC. @param {Buffer} bytes @returns {Promise<Segment>} */
export async function deflateSegmentAside(bytes) {
  const deflated = bytes.length ? exactCopy(await deflateRaw(bytes, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH })) : Buffer.alloc(0);
  return { deflated, length: bytes.length, crc: zlib.crc32(bytes), shift: crcShift(bytes.length) };
}

/** A kept segment's bytes again (an answer sent uncompressed, rare: every browser asks for gzip). @param {Segment} segment */
export const inflateSegment = (segment) => (segment.length ? zlib.inflateRawSync(segment.deflated, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) : Buffer.alloc(0));

/** @param {Buffer} bytes @param {Buffer[]} out */
function storedBlocks(bytes, out) {
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(head, chunk);
  }
}

/** One gzip member of `pieces` joined, in order. @param {Piece[]} pieces */
export function gzipOfPieces(pieces) {
  /** @type {Buffer[]} */
  const out = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    if ("bytes" in piece) {
      if (!piece.bytes.length) continue;
      crc = zlib.crc32(piece.bytes, crc);
      size += piece.bytes.length;
      storedBlocks(piece.bytes, out);
    } else if (piece.length) {
      crc = (multiplyModP(piece.shift, crc) ^ piece.crc) >>> 0;
      size += piece.length;
      out.push(piece.deflated);
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(DEFLATE_FINAL_EMPTY, trailer);
  return Buffer.concat(out);
}
