import type { APIResponse } from "@playwright/test";
import { inspect } from "node:util";
import zlib from "node:zlib";

// A response of the suite's HTTP client (support/http-client.ts), read whole and decoded as
// Playwright's request context decodes it, with the methods of Playwright's APIResponse.

type Header = { name: string; value: string };
export type Answer = { url: string; status: number; statusText: string; headers: Header[]; body: Buffer; serverAddr: { ipAddress: string; port: number } | null };

/** The body as sent, decoded (gzip, br, deflate). */
export function decode(encoding: string | undefined, raw: Buffer): Buffer {
  if (!raw.length) return raw;
  const encoded = encoding?.toLowerCase();
  if (encoded === "gzip" || encoded === "x-gzip") return zlib.gunzipSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (encoded === "br") return zlib.brotliDecompressSync(raw, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  if (encoded === "deflate") return zlib.inflateSync(raw);
  return raw;
}

/** A response read whole, with the APIResponse methods (and the marker `expect().toBeOK()` checks). */
export class NativeResponse implements APIResponse {
  readonly _apiName = "APIResponse";
  private disposed = false;

  constructor(
    private readonly answer: Answer,
    private readonly log: string[],
    private readonly contextDisposed: () => boolean,
  ) {}

  ok = () => this.answer.status >= 200 && this.answer.status <= 299;
  url = () => this.answer.url;
  status = () => this.answer.status;
  statusText = () => this.answer.statusText;
  headersArray = () => this.answer.headers;
  /** Lower-case names; a repeated header's values joined by ", " (Set-Cookie's by new lines). */
  headers(): Record<string, string> {
    const byName: Record<string, string[]> = {};
    for (const { name, value } of this.answer.headers) (byName[name.toLowerCase()] ??= []).push(value);
    return Object.fromEntries(Object.entries(byName).map(([name, values]) => [name, values.join(name === "set-cookie" ? "\n" : ", ")]));
  }
  async body(): Promise<Buffer> {
    if (this.disposed || this.contextDisposed()) throw new Error("Response has been disposed");
    return this.answer.body;
  }
  text = async () => (await this.body()).toString("utf8");
  json = async () => JSON.parse(await this.text());
  dispose = async () => void (this.disposed = true);
  [Symbol.asyncDispose] = () => this.dispose();
  securityDetails = async () => null;
  serverAddr = async () => this.answer.serverAddr;
  timing = () => ({
    startTime: -1,
    domainLookupStart: -1,
    domainLookupEnd: -1,
    connectStart: -1,
    secureConnectionStart: -1,
    connectEnd: -1,
    requestStart: -1,
    responseStart: -1,
    responseEnd: -1,
  });
  /** What toBeOK() prints when it fails. */
  _fetchLog = async () => this.log;
  [inspect.custom] = () => `APIResponse: ${this.status()} ${this.statusText()}\n${this.answer.headers.map(({ name, value }) => `  ${name}: ${value}`).join("\n")}`;
}
