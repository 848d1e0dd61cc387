import "server-only";
import sharp, { type Metadata } from "sharp";
import { busy } from "./errors";

// What decoding an uploaded picture costs in native memory (outside the JS heap), known from
// its header before a pixel is decoded, and the budget every decode in flight shares. The file
// size says nothing: a 1 KB AVIF declaring 40 megapixels took ~700 MB to decode. Measured on this
// sharp build (0.35, libvips 8.18) with the photo pipeline, peak RSS over the process's own:
// - baseline JPEG, non-interlaced PNG, WebP: ~50 MB at 40 MP (decoded in strips, shrunk on load);
// - progressive JPEG: the whole image's DCT coefficients, 2 bytes a sample (4:2:0 ~4, 4:4:4 ~7,
//   CMYK ~9 bytes a pixel); interlaced PNG: the whole image (8-bit RGB ~4, 16-bit RGBA ~10);
// - AVIF/HEIF: ~16 bytes a pixel at 8 bits (12 MP: 217 MB), ~24 at 10 bits.
// The worker idles at ~230 MB RSS and the primary at ~50 under the systemd unit's MemoryMax=512M
// (deploy/nosh.service), which leaves DECODE_BUDGET for decoding, shared by all uploads at once.

// libvips's operation cache keeps decoded pictures alive after the request (measured: RSS grew
// from 130 to 470 MB over six uploads with it, stayed under 190 MB without); uploads never repeat.
sharp.cache(false);
// One libvips thread per decode (sharp's default on glibc, stated here): each thread holds buffers of its own.
sharp.concurrency(1);

const MB = 1024 * 1024;
/** Native memory all decodes in flight may hold together. */
export const DECODE_BUDGET = 160 * MB;
/** What any decode holds besides its format's whole-image buffers: strips, the 2560 px working copy, the encoders (~70 MB for a noisy 7.5 MP JPEG). */
const PIPELINE = 64 * MB;
/** At most this many decodes at once (each takes a core), and this many waiting for budget; past that, a 503 with Retry-After. */
const RUNNING = 2;
const QUEUED = 8;
/**
 * Upload bodies in memory at once, by their declared size, from the first byte read until the
 * answer (holdUpload); past that, a 503 before the body is read. A photo (up to 10 MB) is held
 * once, in one buffer of its Content-Length with the file a view of it (lib/server/web/multipart.ts
 * readPhotoUpload); a profile or problem picture (5 MB) is held three or four times over (the
 * body, undici's parsed form, the picture's bytes). Either way this keeps bodies from adding more
 * than ~40-130 MB to the decode budget. Measured: 20 concurrent 10 MB uploads took the server to
 * 758 MB with the decode budget alone, ~560 MB when only decodes running and waiting counted their
 * bytes.
 */
const HELD = 32 * MB;

/** Bytes a pixel costs for the buffers this picture's decoder holds whole; 0 when it decodes in strips. */
function bytesPerPixel(meta: Metadata): number {
  const channels = meta.channels ?? 4;
  const wide = (meta.bitsPerSample ?? 8) > 8;
  if (meta.format === "heif") return channels * (wide ? 8 : 5.5);
  if (meta.format === "jpeg" && meta.isProgressive) {
    // Coefficients of every component at its own resolution, plus a tenth for libjpeg's own buffers.
    const samples = { "4:2:0": 1.5, "4:2:2": 2, "4:4:4": 3, "4:4:4:4": 4 }[meta.chromaSubsampling ?? ""] ?? channels;
    return 2.2 * samples;
  }
  if (meta.format === "png" && meta.isProgressive) return 1.25 * channels * (wide ? 2 : 1);
  return 0;
}

/** Native bytes decoding this picture holds at its peak, estimated from its header. */
export const decodeCost = (meta: Metadata, pixels: number) => PIPELINE + pixels * bytesPerPixel(meta);

/** The most pixels a picture like this one may have for its decode to fit the budget alone (Infinity: no format limit). */
export function maxPixelsFor(meta: Metadata): number {
  const perPixel = bytesPerPixel(meta);
  return perPixel === 0 ? Infinity : Math.floor((DECODE_BUDGET - PIPELINE) / perPixel);
}

/** "AVIF photo", "progressive JPEG", "interlaced PNG": the kind a format limit names. */
export function costlyKind(meta: Metadata): string {
  if (meta.format === "heif") return "AVIF or HEIF picture";
  return meta.format === "png" ? "interlaced PNG" : "progressive JPEG";
}

type Waiter = { cost: number; admit: () => void };

/**
 * Admits decodes while they fit: at most RUNNING at once and DECODE_BUDGET of estimated memory
 * between them, first come first served (a large decode is not overtaken for ever by small ones).
 */
class DecodeBudget {
  private running = 0;
  private used = 0;
  private readonly waiting: Waiter[] = [];

  /** Resolves when a decode costing `cost` (at most DECODE_BUDGET) may run; call the result once done. */
  async acquire(cost: number): Promise<() => void> {
    if (this.waiting.length === 0 && this.fits(cost)) this.take(cost);
    else {
      if (this.waiting.length >= QUEUED) throw busy();
      await new Promise<void>((admit) => this.waiting.push({ cost, admit }));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.used -= cost;
      while (this.waiting.length > 0 && this.fits(this.waiting[0]!.cost)) {
        const next = this.waiting.shift()!;
        this.take(next.cost);
        next.admit();
      }
    };
  }

  private fits(cost: number) {
    return this.running < RUNNING && this.used + cost <= DECODE_BUDGET;
  }

  private take(cost: number) {
    this.running++;
    this.used += cost;
  }
}

const budget = new DecodeBudget();

/** Runs `decode` once its estimated cost fits the shared budget (callers refuse a cost above DECODE_BUDGET first). */
export async function withinDecodeBudget<T>(cost: number, decode: () => Promise<T>): Promise<T> {
  const release = await budget.acquire(Math.min(cost, DECODE_BUDGET));
  try {
    return await decode();
  } finally {
    release();
  }
}

let heldUploads = 0;

/**
 * Holds `bytes` of upload body (its declared size, or the cap when it declares none) against
 * HELD before any of it is read: throws busy (503, Retry-After) when others already hold too
 * much. One upload alone is always admitted. Call the result once the answer is ready.
 */
export function holdUpload(bytes: number): () => void {
  if (heldUploads > 0 && heldUploads + bytes > HELD) throw busy();
  heldUploads += bytes;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldUploads -= bytes;
  };
}
