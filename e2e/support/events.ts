// A Server-Sent Events reader for the live order event specs (lib/server/order-events/):
// Node's fetch, the body read as a stream and parsed into messages as they arrive.

export type OrderEventData = { id: number; orderId: number; restaurantId: number | null; stage: string; at: string; detail?: Record<string, unknown>; mine?: boolean };
export type SseMessage = { id: number; event: string; data: OrderEventData };

export type EventStream = {
  status: number;
  headers: Headers;
  /** The body of a refusal (not a stream). */
  text: string;
  /** Every event received so far, in order. */
  messages: SseMessage[];
  /** Every comment line (`: keep-alive`) and `retry:` value so far. */
  comments: string[];
  retry: number | null;
  /** Resolves once an event matching `predicate` has arrived (at once if one has); rejects if the stream ends first. */
  waitFor: (predicate: (message: SseMessage) => boolean, what?: string) => Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
};

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal, redirect: "manual" });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let ended = false;
  let retry: number | null = null;
  const waiting = new Set<() => void>();
  const changed = () => {
    for (const wake of [...waiting]) wake();
    waiting.clear();
  };
  const isStream = response.status === 200 && (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  const text = isStream ? "" : await response.text();

  const endedPromise = (async () => {
    if (!isStream) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(":");
              const name = at < 0 ? line : line.slice(0, at);
              fields[name] = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
            }
          }
          if (fields.retry !== undefined) retry = Number(fields.retry);
          if (fields.data !== undefined) messages.push({ id: Number(fields.id), event: fields.event ?? "message", data: JSON.parse(fields.data) as OrderEventData });
          changed();
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    } finally {
      ended = true;
      changed();
    }
  })();

  const waitFor = async (predicate: (message: SseMessage) => boolean, what = "an event") => {
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      if (ended) throw new Error(`the stream ended before ${what} arrived (got ${JSON.stringify(messages.map((m) => m.data))})`);
      await new Promise<void>((resolve) => waiting.add(resolve));
    }
  };

  return {
    status: response.status,
    headers: response.headers,
    text,
    messages,
    comments,
    get retry() {
      return retry;
    },
    waitFor,
    ended: endedPromise,
    isEnded: () => ended,
    close: () => abort.abort(),
  };
}

/** A support/api.ts client's cookies as a Cookie header, for the stream's own fetch. */
export async function cookieOf(client: { ctx: { storageState: () => Promise<{ cookies: { name: string; value: string }[] }> } }): Promise<string> {
  return (await client.ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}
