import * as receiptline from "receiptline";

// Tests only (Vitest, and Playwright specs, which load it outside Next: hence no server-only import):
// a kitchen printer speaking Star CloudPRNT to a running Nosh over HTTP, as an mC-Print3 set to the
// URL and credentials the settings page showed would. It polls (POST its status), fetches the job
// it was offered (GET, in the media type it prefers among those offered), confirms it (DELETE with
// code OK) and keeps what it printed, rendered by receiptline to SVG: the picture a test reads.
// `start()` polls in the background until `stop()` (a printer switched off).

export type Printed = { token: string; mediaType: string; text: string; svg: string };
type PollAnswer = { jobReady: boolean; mediaTypes?: string[]; jobToken?: string };

/** The SVG of what a printer received as plain text, each line as it came (receiptline's markup escaped). */
export function receivedSvg(text: string): string {
  const lines = text.split(/\r?\n/).map((line) => (line.trim() ? line.replace(/[\\|{}\-=~_"`^]/g, (c) => `\\${c}`) : "{width:*}"));
  return receiptline.transform(["{align:left}", ...lines].join("\n"), { cpl: 48, encoding: "multilingual" });
}

/** The words of an SVG's text elements, one string (what a person reading the printed ticket sees): receiptline draws a character a tspan. */
export const svgWords = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)]
    .map(([, inner]) =>
      inner!
        .replace(/<[^>]+>/g, "")
        .replace(/&#xa0;/g, " ")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    )
    .join(" ")
    .replace(/\s+/g, " ");

export class SimulatedPrinter {
  readonly printed: Printed[] = [];
  /** Polls answered so far (any status). */
  polls = 0;
  statusCode = "200 OK";
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    readonly url: string,
    readonly login: string,
    readonly password: string,
    /** The media types it prints, in its order of preference. */
    readonly accepts: readonly string[] = ["text/plain"],
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return { authorization: `Basic ${Buffer.from(`${this.login}:${this.password}`).toString("base64")}`, ...extra };
  }

  /** One poll: its HTTP status and answer. */
  async poll(): Promise<{ status: number; answer: PollAnswer }> {
    const response = await fetch(this.url, {
      method: "POST",
      headers: this.headers({ "content-type": "application/json" }),
      body: JSON.stringify({ status: "23 6 0 0 0 0 0 0 0", printerMAC: "00:11:62:0a:0b:0c", statusCode: encodeURIComponent(this.statusCode), printingInProgress: false }),
    });
    this.polls += 1;
    return { status: response.status, answer: (await response.json()) as PollAnswer };
  }

  /** Polls once and prints the job it is offered, if any: what it printed, or null. */
  async printOnce(): Promise<Printed | null> {
    const { status, answer } = await this.poll();
    if (status !== 200 || !answer.jobReady || !answer.jobToken) return null;
    const mediaType = this.accepts.find((type) => answer.mediaTypes?.includes(type));
    const token = answer.jobToken;
    if (!mediaType) {
      await fetch(`${this.url}?${new URLSearchParams({ token, code: "510 Incompatible media type" })}`, { method: "DELETE", headers: this.headers() });
      return null;
    }
    const job = await fetch(`${this.url}?${new URLSearchParams({ token, type: mediaType, mac: "00:11:62:0a:0b:0c" })}`, { headers: this.headers() });
    if (job.status !== 200) return null;
    const bytes = Buffer.from(await job.arrayBuffer());
    const text = mediaType === "text/plain" ? bytes.toString("utf8") : bytes.toString("latin1");
    const printed = { token, mediaType, text, svg: receivedSvg(text) };
    const confirmed = await fetch(`${this.url}?${new URLSearchParams({ token, code: "OK", mac: "00:11:62:0a:0b:0c" })}`, { method: "DELETE", headers: this.headers() });
    if (confirmed.status !== 200) return null;
    this.printed.push(printed);
    return printed;
  }

  /** Switched on: a poll (and its job) now and every `everyMs`, one at a time. */
  start(everyMs = 1000) {
    void this.stop();
    const tick = () => {
      this.busy = this.busy.then(() => this.printOnce()).catch(() => null);
    };
    tick();
    this.timer = setInterval(tick, everyMs);
  }

  /** Switched off: no more polls (the one under way finishes). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
  }
}
