import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiverUrlProblem } from "./receiver-address";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { postWebhook } from "./post";

// Where webhooks may go: in production https to public addresses only, checked on the URL when
// saved and on the address as the connection is made; in development a local receiver works.

describe("receiver addresses", () => {
  it("refuse http, credentials and literal private hosts in production; allow a local http receiver in development", () => {
    expect(inEnglish(receiverUrlProblem("http://example.com/hook", true) ?? "")).toBe("The URL must start with https://");
    expect(inEnglish(receiverUrlProblem("https://127.0.0.1/hook", true) ?? "")).toBe("This address is private or local: webhooks are sent to public addresses only");
    expect(inEnglish(receiverUrlProblem("https://[::1]/hook", true) ?? "")).toBe("This address is private or local: webhooks are sent to public addresses only");
    expect(inEnglish(receiverUrlProblem("https://169.254.169.254/latest", true) ?? "")).toBe(
      "This address is private or local: webhooks are sent to public addresses only",
    );
    expect(inEnglish(receiverUrlProblem("https://localhost/hook", true) ?? "")).toBe("This address is private or local: webhooks are sent to public addresses only");
    // What the connection would refuse is refused when saved: the rule is one (platform/public-address.ts).
    for (const url of [
      "https://[fec0::1]/",
      "https://[::127.0.0.1]/",
      "https://[2002:7f00:1::]/",
      "https://localhost./",
      "https://[::ffff:127.0.0.1]/",
      "https://[64:ff9b::a00:1]/",
      "https://[2001::1]/",
      "https://0x7f.1/",
      "https://intranet/",
    ]) {
      expect(inEnglish(receiverUrlProblem(url, true) ?? ""), url).toBe("This address is private or local: webhooks are sent to public addresses only");
    }
    expect(inEnglish(receiverUrlProblem("https://user:pw@example.com/hook", true) ?? "")).toBe("The URL must not carry a user name or password");
    expect(inEnglish(receiverUrlProblem("ftp://example.com", false) ?? "")).toBe("Enter a full URL, such as https://example.com/webhooks");
    expect(inEnglish(receiverUrlProblem("nonsense", false) ?? "")).toBe("Enter a full URL, such as https://example.com/webhooks");
    expect(receiverUrlProblem("https://example.com/hook", true)).toBeNull();
    expect(receiverUrlProblem("http://127.0.0.1:4000/hook", false)).toBeNull();
  });
});

describe("an attempt", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/slow") return void setTimeout(() => response.end("late"), 3_000);
      if (request.url === "/big") return void response.end("x".repeat(100_000));
      if (request.url === "/moved") return void response.writeHead(302, { location: "http://127.0.0.1:1/" }).end();
      response.writeHead(500).end("boom");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reaches a local receiver in development, keeping a capped excerpt of its answer", async () => {
    const failed = await postWebhook(`${base}/fail`, {}, "{}", { production: false });
    expect(failed).toMatchObject({ status: 500, excerpt: "boom", error: null });
    const big = await postWebhook(`${base}/big`, {}, "{}", { production: false });
    expect(big.status).toBe(200);
    expect(big.excerpt.length).toBe(1024);
  });

  it("does not follow a redirect", async () => {
    expect(await postWebhook(`${base}/moved`, {}, "{}", { production: false })).toMatchObject({ status: 302, error: null });
  });

  it("gives up at its deadline", async () => {
    const slow = await postWebhook(`${base}/slow`, {}, "{}", { production: false, timeoutMs: 300 });
    expect(slow).toMatchObject({ status: null });
    expect(slow.error).toMatch(/No answer/);
    expect(slow.durationMs).toBeLessThan(2_000);
  });

  it("refuses a loopback receiver in production, by literal address, by a local name and by a name that resolves to one", async () => {
    expect((await postWebhook(`${base}/fail`, {}, "{}", { production: true })).error).toMatch(/private or local/);
    const port = (server.address() as { port: number }).port;
    for (const url of [`http://[::ffff:127.0.0.1]:${port}/fail`, `http://localhost.:${port}/fail`]) {
      const refused = await postWebhook(url, {}, "{}", { production: true });
      expect(refused, url).toMatchObject({ status: null, durationMs: 0 });
      expect(refused.error, url).toMatch(/private or local/);
    }
    const byName = await postWebhook(`http://localhost:${port}/fail`, {}, "{}", { production: true });
    expect(byName.status).toBeNull();
    expect(byName.error).toMatch(/private or local/);
  });
});
