import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Known advisories of the packages the server runs, and the versions that fix them. This test
// reads the versions actually installed (node_modules/<name>/package.json, not the ranges in
// package.json) and fails when one is still affected. `npm audit` does not work against the
// registry these machines reach (it answers no advisories), so this table is how CI notices a
// downgrade or a stale lock file. Add a row when an advisory is published (GitHub advisory
// database, nextjs.org/blog, react.dev/blog), with the fixed version of each release line.
//
// How a row is read: `fixed` lists the first patched version of each release line
// (major.minor). An installed version on a listed line must be at least that version; one on
// a newer line than every listed line is taken as patched (Next.js and React cut later
// minors after the backports, with the fix); anything else is affected.

type Advisory = { ids: string; pkg: string; fixed: string[]; note: string };

const ADVISORIES: Advisory[] = [
  // next: the proxy (middleware) is where Nosh checks anti-forgery and Origin.
  {
    ids: "CVE-2025-29927 GHSA-f82v-jwr5-mffw",
    pkg: "next",
    fixed: ["12.3.5", "13.5.9", "14.2.25", "15.2.3"],
    note: "middleware bypass via the x-middleware-subrequest header",
  },
  { ids: "CVE-2025-55173 GHSA-xv57-4mr9-wg8v", pkg: "next", fixed: ["14.2.31", "15.4.5"], note: "content injection through the image optimizer" },
  { ids: "CVE-2025-57752 GHSA-g5qg-72qw-gw5v", pkg: "next", fixed: ["14.2.31", "15.4.5"], note: "image optimizer cache key confusion" },
  { ids: "CVE-2025-57822 GHSA-4342-x723-ch2f", pkg: "next", fixed: ["14.2.32", "15.4.7"], note: "SSRF through middleware redirect handling" },
  {
    ids: "CVE-2025-66478 GHSA-9qr9-h5gf-34mp",
    pkg: "next",
    fixed: ["15.0.5", "15.1.9", "15.2.6", "15.3.6", "15.4.8", "15.5.7", "16.0.7"],
    note: "remote code execution in the React flight protocol (React2Shell, upstream CVE-2025-55182)",
  },
  {
    ids: "CVE-2025-55183 CVE-2025-55184 CVE-2025-67779 GHSA-w37m-7fhw-fmv9 GHSA-mwv6-3258-q52c",
    pkg: "next",
    fixed: ["15.5.9", "16.0.10"],
    note: "Server Function source exposure and denial of service, with the follow-up to the incomplete first fix",
  },
  { ids: "CVE-2025-59471 GHSA-9g9p-9gw9-jx7f", pkg: "next", fixed: ["15.5.10", "16.1.5"], note: "image optimizer out-of-memory with remotePatterns" },
  { ids: "CVE-2026-23864 GHSA-h25m-26qc-wcjf", pkg: "next", fixed: ["15.5.10", "16.1.5"], note: "denial of service deserializing Server Function requests" },
  { ids: "CVE-2026-23869", pkg: "next", fixed: ["15.5.15", "16.2.3"], note: "denial of service with Server Components" },
  {
    ids: "CVE-2026-23870 CVE-2026-44577 CVE-2026-44579 GHSA-8h8q-6873-q5fj GHSA-267c-6grr-h53f GHSA-26hh-7cqf-hhc6 GHSA-492v-c6pp-mqqv GHSA-c4j6-fc7j-m34r",
    pkg: "next",
    fixed: ["15.5.18", "16.2.6"],
    note: "May 2026 release: proxy/middleware bypasses (segment prefetch, route parameters), WebSocket SSRF, image optimizer and Cache Components denial of service",
  },
  { ids: "CVE-2026-64641", pkg: "next", fixed: ["15.5.21", "16.2.11"], note: "July 2026 release: App Router denial of service, proxy bypasses, cache poisoning" },

  // react / react-dom: the react-server-dom-* runtime ships inside next, but React's own
  // packages carry the same fixes and must match the version the framework expects.
  {
    ids: "CVE-2025-55182 GHSA-fv66-9v8q-g76r",
    pkg: "react",
    fixed: ["19.0.1", "19.1.2", "19.2.1"],
    note: "React2Shell: unauthenticated remote code execution in Server Components",
  },
  {
    ids: "CVE-2025-55183 CVE-2025-55184 CVE-2025-67779",
    pkg: "react",
    fixed: ["19.0.3", "19.1.4", "19.2.3"],
    note: "source exposure and denial of service, follow-ups to React2Shell",
  },
  { ids: "CVE-2026-23864 GHSA-83fc-fqcc-2hmg", pkg: "react", fixed: ["19.0.4", "19.1.5", "19.2.4"], note: "denial of service deserializing Server Function requests" },
  { ids: "CVE-2026-23870 GHSA-rv78-f8rc-xrxh", pkg: "react", fixed: ["19.0.6", "19.1.7", "19.2.6"], note: "denial of service in Server Functions (May 2026)" },
  { ids: "CVE-2025-55182 (react-dom pairs with react)", pkg: "react-dom", fixed: ["19.0.1", "19.1.2", "19.2.1"], note: "react-dom must move with react" },
  { ids: "CVE-2026-23870 (react-dom pairs with react)", pkg: "react-dom", fixed: ["19.0.6", "19.1.7", "19.2.6"], note: "react-dom must move with react" },

  // Prisma: no advisory against the client or CLI themselves; their transitive dependencies had some.
  { ids: "GHSA-38f7-945m-qr2g", pkg: "effect", fixed: ["3.20.0"], note: "context leak under concurrency (prisma -> @prisma/config)" },
  { ids: "CVE-2026-35209", pkg: "defu", fixed: ["6.1.5"], note: "prototype pollution (prisma -> @prisma/config)" },
  { ids: "GHSA-ggr8-5vv4-36mx", pkg: "deepmerge-ts", fixed: ["8.0.0"], note: "recursive merge (prisma -> @prisma/config)" },
  { ids: "GHSA-c96f-x56v-gq3h", pkg: "find-my-way", fixed: ["9.7.0"], note: "HTTP/2 denial of service (prisma dev tooling)" },
  // nodemailer: the notification worker's email (lib/server/mail/email.ts) parses the
  // recipients' addresses, which people type themselves.
  { ids: "GHSA-mm7p-fcc7-pg87", pkg: "nodemailer", fixed: ["7.0.7"], note: "mail to an unintended domain through an address interpretation conflict" },
  { ids: "CVE-2025-14874", pkg: "nodemailer", fixed: ["7.0.11"], note: "unbounded recursion in the address parser (denial of service)" },
  {
    ids: "GHSA-p6gq-j5cr-w38f GHSA-8m3c-c648-2xjj GHSA-cc9r-2j5m-2m83",
    pkg: "nodemailer",
    fixed: ["10.0.0"],
    note: "file and URL access guards bypassed, recipient-domain validation bypassed by RFC 5322 comments (every release to 9.1.0; fixed on the 10 line)",
  },
];

/**
 * Floors that are not advisories: the versions this code is written against (Prisma 7's
 * driver adapters and Rust-free client, iron-session 8's cookie-store API). Below them the
 * app may still build and misbehave, so they are checked the same way.
 */
const FLOORS: Record<string, string> = {
  "@prisma/client": "7.10.0",
  prisma: "7.10.0",
  "iron-session": "8.0.4",
  "better-sqlite3": "12.0.0",
};

type Version = [number, number, number];

function parseVersion(text: string): Version {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (!m) throw new Error(`Not a version: ${text}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether `installed` carries the fix, by the rule in the header comment. */
function isPatched(installed: string, fixed: string[]): boolean {
  const v = parseVersion(installed);
  const lines = fixed.map(parseVersion);
  const sameLine = lines.find((f) => f[0] === v[0] && f[1] === v[1]);
  if (sameLine) return compare(v, sameLine) >= 0;
  return lines.every((f) => compare([v[0], v[1], 0], [f[0], f[1], 0]) > 0);
}

function installedVersion(pkg: string): string {
  const file = path.resolve("node_modules", pkg, "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

describe("installed dependencies carry the fixes for their published advisories", () => {
  it.each(ADVISORIES.map((a) => [a.pkg, a.ids, a] as const))("%s: %s", (pkg, _ids, advisory) => {
    const version = installedVersion(pkg);
    expect(isPatched(version, advisory.fixed), `${pkg}@${version} is affected by ${advisory.ids} (${advisory.note}); fixed in ${advisory.fixed.join(", ")}`).toBe(true);
  });

  it.each(Object.entries(FLOORS))("%s is at least %s", (pkg, floor) => {
    const version = installedVersion(pkg);
    expect(compare(parseVersion(version), parseVersion(floor)), `${pkg}@${version} is below ${floor}`).toBeGreaterThanOrEqual(0);
  });

  it("reads versions by release line", () => {
    expect(isPatched("16.2.10", ["15.5.21", "16.2.11"])).toBe(false);
    expect(isPatched("16.2.11", ["15.5.21", "16.2.11"])).toBe(true);
    expect(isPatched("16.4.6", ["15.5.21", "16.2.11"])).toBe(true);
    expect(isPatched("16.1.9", ["15.5.21", "16.2.11"])).toBe(false);
    expect(isPatched("15.6.0", ["15.5.21", "16.2.11"])).toBe(false);
    expect(isPatched("16.0.0", ["12.3.5", "13.5.9", "14.2.25", "15.2.3"])).toBe(true);
    expect(isPatched("15.2.2", ["12.3.5", "13.5.9", "14.2.25", "15.2.3"])).toBe(false);
  });
});
