import "server-only";

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
