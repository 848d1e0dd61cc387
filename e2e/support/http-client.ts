import type { APIRequestContext, APIResponse } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { arch } from "node:os";
import { version as PLAYWRIGHT_VERSION } from "playwright-core/package.json";
import { CookieStore } from "./cookie-jar";
import { decode, NativeResponse, type Answer } from "./http-response";
import { bodyOf, find, removeHeader, setHeader } from "./request-body";

// The API specs' HTTP client: Playwright's APIRequestContext surface (get, post, put, patch,
// delete, head, fetch, storageState, cookies, dispose) over Node's own http module, in the test
// worker. Playwright's context sends every call through its driver and captures the calling
// stack for its report: 42% of the API workers' CPU (ten API spec files, 58 -> 34 s). This one
// sends what Playwright's sends (the same default headers, body encodings, redirect rules,
// cookie jar: support/cookie-jar.ts) and answers with the APIResponse methods, so a spec reads
// the same; a failing call shows in the test's error, not as a step of the trace. A page's own
// request context (pageClient) and Playwright's `request` fixture are still Playwright's.

/** Playwright's request context without its tracing: what the suite's clients offer. */
export type RequestContext = Omit<APIRequestContext, "tracing">;
type FetchOptions = NonNullable<Parameters<APIRequestContext["fetch"]>[1]>;
type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;
type Header = Answer["headers"][number];

/** Playwright's own user agent for API requests ("Playwright/1.65.1 (x64; debian 12) node/20.20"). */
const USER_AGENT = (() => {
  let system = "linux unknown";
  try {
    const release = readFileSync("/etc/os-release", "utf8");
    const field = (name: string) => new RegExp(`^${name}="?([^"\\n]*)"?$`, "m").exec(release)?.[1];
    system = `${field("ID") || "linux"} ${field("VERSION_ID") || "unknown"}`;
  } catch {}
  const node = process.version.slice(1).split(".").slice(0, 2).join(".");
  return `Playwright/${PLAYWRIGHT_VERSION} (${arch()}; ${system}) node/${node}${process.env.CI ? " CI/1" : ""}`;
})();
const REDIRECTS = [301, 302, 303, 307, 308];

type Sent = { method: string; headers: Record<string, string>; body: Buffer | undefined; redirects: number; options: FetchOptions; log: string[] };

export class NativeRequestContext implements RequestContext {
  private readonly jar: CookieStore;
  private readonly agents = new Map<string, http.Agent>();
  private readonly inFlight = new Set<(error: Error) => void>();
  private closed: string | undefined;

  constructor(private readonly defaults: { baseURL?: string; extraHTTPHeaders?: Record<string, string>; storageState?: StorageState } = {}) {
    this.jar = new CookieStore(defaults.storageState?.cookies);
  }

  isDisposed = () => this.closed !== undefined;
  get: RequestContext["get"] = (url, options) => this.fetch(url, { ...options, method: "GET" });
  post: RequestContext["post"] = (url, options) => this.fetch(url, { ...options, method: "POST" });
  put: RequestContext["put"] = (url, options) => this.fetch(url, { ...options, method: "PUT" });
  patch: RequestContext["patch"] = (url, options) => this.fetch(url, { ...options, method: "PATCH" });
  delete: RequestContext["delete"] = (url, options) => this.fetch(url, { ...options, method: "DELETE" });
  head: RequestContext["head"] = (url, options) => this.fetch(url, { ...options, method: "HEAD" });

  async fetch(urlOrRequest: Parameters<RequestContext["fetch"]>[0], options: FetchOptions = {}): Promise<APIResponse> {
    if (typeof urlOrRequest !== "string") throw new Error("This request context takes a URL string, not a Request");
    if (this.closed !== undefined) throw new Error(`apiRequestContext.fetch: ${this.closed}`);
    if (options.maxRedirects !== undefined && options.maxRedirects < 0) throw new Error("'maxRedirects' must be greater than or equal to '0'");
    const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: "*/*", "accept-encoding": "gzip,deflate,br" };
    for (const [name, value] of Object.entries({ ...this.defaults.extraHTTPHeaders, ...options.headers })) if (value !== undefined) setHeader(headers, name, value);
    let resolved = urlOrRequest;
    try {
      resolved = new URL(urlOrRequest, this.defaults.baseURL).toString();
    } catch {}
    const url = new URL(resolved);
    const { params } = options;
    if (typeof params === "string" || params instanceof URLSearchParams) {
      const encoded = params.toString().replace(/^\?/, "");
      if (encoded) url.search = url.search ? `${url.search}&${encoded}` : encoded;
    } else if (params) for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, String(value));
    const body = await bodyOf(options, headers);
    if (body) setHeader(headers, "content-length", String(body.byteLength));
    const redirects = options.maxRedirects === 0 ? -1 : (options.maxRedirects ?? 20);
    const sent: Sent = { method: (options.method ?? "GET").toUpperCase(), headers, body, redirects, options, log: [] };
    let answer: Answer | undefined;
    for (let attempt = 0, backoff = 250; !answer; attempt++, backoff *= 2) {
      try {
        answer = await this.send(url, sent);
      } catch (error) {
        const retries = options.maxRetries ?? 0;
        if (retries === 0 || attempt === retries || (error as NodeJS.ErrnoException).code !== "ECONNRESET") throw error;
        await new Promise((wake) => setTimeout(wake, backoff));
      }
    }
    if (options.failOnStatusCode && (answer.status < 200 || answer.status >= 400)) {
      const text = answer.body.toString("utf8");
      throw new Error(`${answer.status} ${answer.statusText}${text ? `\nResponse text:\n${text.length > 1000 ? `${text.slice(0, 997)}...` : text}` : ""}`);
    }
    return new NativeResponse(answer, sent.log, this.isDisposed);
  }

  private agent(protocol: string): http.Agent {
    let agent = this.agents.get(protocol);
    if (!agent) this.agents.set(protocol, (agent = protocol === "https:" ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true })));
    return agent;
  }

  /** One request, its redirects followed as Playwright follows them, its Set-Cookie lines kept. */
  private send(url: URL, sent: Sent): Promise<Answer> {
    const { method, headers, body, options, log } = sent;
    const cookie = find(headers, "cookie") === undefined ? this.jar.header(url) : undefined;
    if (cookie !== undefined) headers.cookie = cookie;
    log.push(`→ ${method} ${url}`);
    return new Promise<Answer>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const fail = (error: Error) => (done(), request.destroy(), reject(error));
      const done = () => (clearTimeout(timer), this.inFlight.delete(fail), options.signal?.removeEventListener("abort", abort));
      const abort = () => fail(options.signal?.reason instanceof Error ? options.signal.reason : new Error("The operation was aborted"));
      const request = (url.protocol === "https:" ? https : http).request(
        url,
        { method, headers, agent: this.agent(url.protocol), ...(options.ignoreHTTPSErrors ? { rejectUnauthorized: false } : {}) },
        (response) => {
          const status = response.statusCode ?? 0;
          log.push(`← ${status} ${response.statusMessage ?? ""}`);
          const setCookie = response.headers["set-cookie"];
          if (setCookie) this.jar.receive(url, setCookie);
          const location = response.headers.location;
          if (REDIRECTS.includes(status) && sent.redirects >= 0 && location) {
            response.resume();
            done();
            if (sent.redirects === 0) return reject(new Error("Max redirect count exceeded"));
            let next: URL;
            try {
              next = new URL(Buffer.from(location, "latin1").toString("utf8"), url);
            } catch {
              return reject(new Error(`uri requested responds with an invalid redirect URL: ${location}`));
            }
            const redirected: Sent = { ...sent, headers: { ...headers }, redirects: sent.redirects - 1 };
            removeHeader(redirected.headers, "cookie");
            if (((status === 301 || status === 302) && method === "POST") || (status === 303 && !["GET", "HEAD"].includes(method))) {
              Object.assign(redirected, { method: "GET", body: undefined });
              for (const name of ["content-encoding", "content-language", "content-length", "content-location", "content-type"]) removeHeader(redirected.headers, name);
            }
            setHeader(redirected.headers, "host", next.host);
            if (next.origin !== url.origin) removeHeader(redirected.headers, "authorization");
            return resolve(this.send(next, redirected));
          }
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("aborted", () => (done(), reject(new Error("aborted"))));
          response.on("error", (error) => (done(), reject(error)));
          response.on("end", () => {
            done();
            try {
              const { remoteAddress, remotePort } = response.socket ?? {};
              const headersArray: Header[] = [];
              for (let i = 0; i < response.rawHeaders.length; i += 2) headersArray.push({ name: response.rawHeaders[i], value: response.rawHeaders[i + 1] });
              const serverAddr = remoteAddress && remotePort ? { ipAddress: remoteAddress, port: remotePort } : null;
              const decoded = decode(response.headers["content-encoding"], Buffer.concat(chunks));
              resolve({ url: url.toString(), status, statusText: response.statusMessage ?? "", headers: headersArray, body: decoded, serverAddr });
            } catch (error) {
              reject(new Error(`failed to decompress '${response.headers["content-encoding"]}' encoding: ${(error as Error).message}`));
            }
          });
        },
      );
      request.on("error", (error) => (done(), reject(error)));
      this.inFlight.add(fail);
      if (options.timeout) timer = setTimeout(() => fail(new Error(`Request timed out after ${options.timeout}ms`)), options.timeout);
      if (options.signal?.aborted) return abort();
      options.signal?.addEventListener("abort", abort);
      request.end(body);
    });
  }

  async storageState(options: Parameters<RequestContext["storageState"]>[0] = {}): Promise<StorageState> {
    const state = { cookies: this.jar.all(), origins: this.defaults.storageState?.origins ?? [] };
    if (options.path) writeFileSync(options.path, JSON.stringify(state, undefined, 2), "utf8");
    return state;
  }

  cookies: RequestContext["cookies"] = async (urls = []) => {
    const wanted = (typeof urls === "string" ? [urls] : urls).map((url) => new URL(url));
    return this.jar.all().filter((cookie) => !wanted.length || wanted.some((url) => this.jar.sentTo(url, cookie)));
  };
  addCookies: RequestContext["addCookies"] = async (cookies) => this.jar.add(cookies);
  clearCookies: RequestContext["clearCookies"] = async (filter) => this.jar.clear(filter);

  /** Ends the context: its calls in flight and every later one fail, as on Playwright's. */
  async dispose(options: { reason?: string } = {}): Promise<void> {
    if (this.closed !== undefined) return;
    this.closed = options.reason ?? "Request context disposed.";
    for (const fail of this.inFlight) fail(new Error(this.closed));
    this.inFlight.clear();
    for (const agent of this.agents.values()) agent.destroy();
  }
  [Symbol.asyncDispose] = () => this.dispose();
}
