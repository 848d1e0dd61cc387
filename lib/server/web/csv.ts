import "server-only";
import { appLog } from "../platform/log";

// Downloads streamed to the client (CSV exports, the customer's data): the body pulls one chunk
// at a time from an async iterator, only when the client has read the previous one, so a year of
// orders never sits in memory and a slow reader slows the queries rather than filling a buffer.
// Closing the download stops the iterator. The text of a CSV record comes from lib/shared/money/csv.ts.
// Whoever builds the iterator checks who is asking before returning it (the status line goes out
// before the first chunk is read).

/** The headers of every download: an attachment named `filename`, never cached or sniffed. */
function downloadHeaders(filename: string, contentType: string): HeadersInit {
  return {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

export function download(filename: string, contentType: string, chunks: AsyncIterable<string>): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(encoder.encode(value));
        } catch (error) {
          // The status line has gone out: the client sees the download break off; the log says why.
          appLog.error(`${filename}: the download failed`, { err: error });
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: downloadHeaders(filename, contentType) });
}

export const csvDownload = (filename: string, chunks: AsyncIterable<string>) => download(filename, "text/csv; charset=utf-8", chunks);

/** A PDF made whole in memory (a receipt, a month's statement: a few kilobytes), as an attachment. */
export const pdfDownload = (filename: string, bytes: Uint8Array) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { ...downloadHeaders(filename, "application/pdf"), "Content-Length": String(bytes.byteLength) } });
