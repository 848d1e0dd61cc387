import { expect, test } from "../fixtures";
import { runnableScripts } from "../support/html";

// Headers, as the server sends them: a nonce-based Content-Security-Policy without
// 'unsafe-inline' for scripts, object-src 'none', base-uri 'none', frame-ancestors 'none', a fresh
// nonce per page carried by every script; no HSTS outside production (the production server's
// HSTS is in platform/production.api.spec.ts). That the pages render and hydrate under the policy, and
// that an injected inline handler is blocked, needs scripts to run: e2e/platform/security-headers.journey.spec.ts.

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test("every page and API answer carries the policy; each page gets a fresh nonce that its scripts carry", async ({ request }) => {
  const first = await request.get("/login");
  const second = await request.get("/login");
  const policy = first.headers()["content-security-policy"]!;
  const d = directives(policy);
  const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
  expect(nonce.length).toBeGreaterThanOrEqual(16);
  expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  expect(d.get("object-src")).toEqual(["'none'"]);
  expect(d.get("base-uri")).toEqual(["'none'"]);
  expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  expect(d.get("default-src")).toEqual(["'self'"]);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(second.headers()["content-security-policy"]).not.toContain(nonce);

  // Next.js put the nonce on every script of the page.
  const html = await first.text();
  const scripts = runnableScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);

  expect(first.headers()["strict-transport-security"]).toBeUndefined();
  expect(first.headers()["x-content-type-options"]).toBe("nosniff");
  expect(first.headers()["x-frame-options"]).toBe("DENY");
  expect((await request.get("/api/restaurants/")).headers()["content-security-policy"]).toContain("object-src 'none'");
});
