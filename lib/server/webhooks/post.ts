import "server-only";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { bareHost, hostMayBePublic } from "../platform/public-address";
import { PrivateAddressError, receiverLookup } from "./receiver-address";

// One attempt to deliver a webhook (docs/architecture/webhooks.md "Delivery"): a POST with a
// deadline for the whole exchange, at most EXCERPT_BYTES of the answer read (the rest is not
// waited for), redirects never followed, the receiver's address checked as it is connected to
// (receiver-address.ts).

export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept in the delivery log. */
export const EXCERPT_BYTES = 1024;

export type AttemptResult = { status: number | null; durationMs: number; excerpt: string; error: string | null };

export async function postWebhook(
  raw: string,
  headers: Record<string, string>,
  body: string,
  { production, timeoutMs = ATTEMPT_TIMEOUT_MS }: { production: boolean; timeoutMs?: number },
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(raw);
  // The rule the URL was saved under, again (a literal address is connected to without a lookup).
  if (production && !hostMayBePublic(url.hostname)) return { status: null, durationMs: 0, excerpt: "", error: new PrivateAddressError(bareHost(url.hostname)).message };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: took() });
    };
    const request = send(
      url,
      {
        method: "POST",
        lookup: receiverLookup(production),
        headers: { "content-type": "application/json", "user-agent": "Nosh-Webhooks/1", "content-length": Buffer.byteLength(body), ...headers },
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8");
          finish({ status: response.statusCode ?? null, excerpt, error: null });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, excerpt: "", error: `No answer within ${Math.round(timeoutMs / 1000)} s` });
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => finish({ status: null, excerpt: "", error: error.message }));
    request.end(body);
  });
}
