// @ts-check
// A page's gzip without compressing it per answer. A gzip member's deflate data is a series of
// blocks; each static segment is deflated on its own once (raw deflate ending in a sync flush,
// which leaves it byte-aligned with no reference to earlier bytes), and what differs per answer
// (the nonce, the session hole) goes between them as stored (uncompressed) blocks. An empty
// final block and the CRC-32 and length of the whole closes it (RFC 1951 3.2.4, RFC 1952).
import zlib from "node:zlib";

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const DEFLATE_FINAL_EMPTY = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

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

/** A static segment, deflated once (lib/host/kept-answers.mjs), in a buffer of its own size. @param {Buffer} bytes */
export const deflateSegment = (bytes) => (bytes.length ? exactCopy(zlib.deflateRawSync(bytes, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH })) : Buffer.alloc(0));

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

/** `pieces`: [raw bytes, their deflated segment or null (sent stored)], in order. @param {[Buffer, Buffer | null][]} pieces */
export function gzipOfPieces(pieces) {
  /** @type {Buffer[]} */
  const out = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const [raw, deflated] of pieces) {
    if (!raw.length) continue;
    crc = zlib.crc32(raw, crc);
    size += raw.length;
    if (deflated) out.push(deflated);
    else storedBlocks(raw, out);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(DEFLATE_FINAL_EMPTY, trailer);
  return Buffer.concat(out);
}
