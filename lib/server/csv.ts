import "server-only";

// CSV for downloads (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote or
// line break quoted, its quotes doubled). Text cells that a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) get a leading apostrophe (OWASP's "CSV
// injection" advice); numbers are written as numbers, so a negative amount stays a number.

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * A download streamed from an async generator: each chunk is produced when the client reads
 * (pull), so a long file never sits in memory. A failure mid-way aborts the response.
 */
export function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** Rows of a table read a page at a time, keyed by an increasing id (never one big findMany). */
export async function* byPages<T>(read: (after: number | undefined) => Promise<T[]>, keyOf: (row: T) => number): AsyncGenerator<T> {
  let after: number | undefined;
  for (;;) {
    const page = await read(after);
    for (const row of page) yield row;
    if (page.length === 0) return;
    after = keyOf(page[page.length - 1]!);
  }
}
