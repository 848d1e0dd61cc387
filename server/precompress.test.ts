import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding } from "./accept-encoding.mjs";
import { precompressStatic, twinCacheDir } from "./precompress.mjs";
import { staticTwins, twinAnswer } from "./static-twins.mjs";

// precompress.mjs: the build step that writes brotli and zopfli twins beside the build's
// JavaScript and CSS, and the index the host serves them from (static-twins.mjs). On a stand-in build folder;
// e2e/platform/static-files.api.spec.ts checks the real build against Next.js's own answers.

type Entry = { headers: Record<string, string>; br?: Buffer; gzip?: Buffer };
type Answer = { body: Buffer; headers: Record<string, string | number> } | null;
const answer = (index: Map<string, Entry>, url: string, headers: Record<string, string> = { "accept-encoding": "br, gzip" }, method = "GET"): Answer =>
  twinAnswer(index, { method, url, headers });

let dist: string;
let cache: string;
const file = (name: string) => path.join(dist, "static", name);
/** Text that compresses (about 2.3 KB), different per name. */
const source = (name: string) => `/* ${name} */\n` + Array.from({ length: 60 }, (_, i) => `export const value${i} = "${name}-${i}";`).join("\n");

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "nosh-precompress-"));
  // The machine's twin cache, here the test's own (precompressStatic reads NOSH_TWIN_CACHE when called).
  cache = fs.mkdtempSync(path.join(os.tmpdir(), "nosh-twin-cache-"));
  process.env.NOSH_TWIN_CACHE = cache;
  fs.mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
  fs.mkdirSync(path.join(dist, "static", "css"), { recursive: true });
  fs.writeFileSync(file("chunks/big.js"), source("big"));
  fs.writeFileSync(file("css/site.css"), Array.from({ length: 80 }, (_, i) => `.c${i} { color: #${String(i).padStart(6, "0")}; }`).join("\n"));
  fs.writeFileSync(file("chunks/small.js"), "console.log(1);"); // under 1 KB: left alone
  fs.writeFileSync(file("chunks/big.js.map"), source("map")); // not JavaScript or CSS
  fs.writeFileSync(file("chunks/gone.js.br"), "a twin whose file is gone");
  fs.writeFileSync(
    path.join(dist, "routes-manifest.json"),
    JSON.stringify({
      caseSensitive: false,
      redirects: [],
      rewrites: { beforeFiles: [{ source: "/api/:path+/", regex: "^/api(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))/(?:/)?$" }] },
      headers: [{ source: "/:path*", regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }],
    }),
  );
  fs.writeFileSync(path.join(dist, "required-server-files.json"), JSON.stringify({ config: { generateEtags: true } }));
});

afterAll(() => {
  delete process.env.NOSH_TWIN_CACHE;
  for (const dir of [dist, cache]) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the build step (precompressStatic)", () => {
  it("writes a brotli and a gzip twin beside each JavaScript and CSS file of 1 KB or more, decoding to the same bytes", async () => {
    const report = await precompressStatic(dist, { threads: 2 });
    expect(report).toMatchObject({ files: 2, written: 4, kept: 0, removed: 1 });
    for (const name of ["chunks/big.js", "css/site.css"]) {
      const bytes = fs.readFileSync(file(name));
      expect(brotliDecompressSync(fs.readFileSync(file(`${name}.br`))).equals(bytes)).toBe(true);
      const gz = fs.readFileSync(file(`${name}.gz`));
      expect(gunzipSync(gz).equals(bytes)).toBe(true);
      // zopfli: smaller than zlib's best.
      expect(gz.length).toBeLessThanOrEqual(gzipSync(bytes, { level: 9 }).length);
    }
    for (const name of ["chunks/small.js.br", "chunks/small.js.gz", "chunks/big.js.map.br", "chunks/gone.js.br"]) expect(fs.existsSync(file(name)), name).toBe(false);
    expect(fs.readdirSync(path.join(dist, "static", "chunks")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("is idempotent: a second run keeps every twin; a file rebuilt after its twins gets new ones", async () => {
    expect(await precompressStatic(dist)).toMatchObject({ files: 2, written: 0, kept: 4, removed: 0 });
    // The file rebuilt after its twins were written.
    const earlier = new Date(Date.now() - 60_000);
    for (const twin of ["chunks/big.js.br", "chunks/big.js.gz"]) fs.utimesSync(file(twin), earlier, earlier);
    fs.writeFileSync(file("chunks/big.js"), source("rebuilt"));
    // Until the step runs again, the old twins no longer count.
    expect(staticTwins(dist).has("/_next/static/chunks/big.js")).toBe(false);
    expect(await precompressStatic(dist)).toMatchObject({ files: 2, written: 2, kept: 2 });
    expect(brotliDecompressSync(fs.readFileSync(file("chunks/big.js.br"))).toString()).toContain("rebuilt");
  });

  it("copies the twins of a file an earlier build compressed from the machine's cache, and never a cached twin of other bytes", async () => {
    // Another build (a fresh clone) of the same files: every twin from the cache, the same bytes.
    const again = fs.mkdtempSync(path.join(os.tmpdir(), "nosh-precompress-again-"));
    try {
      for (const name of ["chunks/big.js", "css/site.css"]) {
        fs.mkdirSync(path.dirname(path.join(again, "static", name)), { recursive: true });
        fs.copyFileSync(file(name), path.join(again, "static", name));
      }
      // One cached twin spoiled: it decodes to other bytes, so site.css's brotli twin is made afresh.
      const cachedBrotli = fs.readdirSync(cache).filter((name) => name.endsWith(".br-q11-text"));
      const siteHash = createHash("sha256")
        .update(fs.readFileSync(file("css/site.css")))
        .digest("hex");
      expect(cachedBrotli).toContain(`${siteHash}.br-q11-text`);
      fs.writeFileSync(path.join(cache, `${siteHash}.br-q11-text`), brotliCompressSync("other bytes"));
      expect(await precompressStatic(again)).toMatchObject({ files: 2, written: 4, cached: 3, kept: 0 });
      for (const name of ["chunks/big.js.br", "chunks/big.js.gz", "css/site.css.br", "css/site.css.gz"]) {
        expect(fs.readFileSync(path.join(again, "static", name)).equals(fs.readFileSync(file(name))), name).toBe(true);
      }
      expect(brotliDecompressSync(fs.readFileSync(path.join(cache, `${siteHash}.br-q11-text`))).equals(fs.readFileSync(file("css/site.css")))).toBe(true);
      // NOSH_TWIN_CACHE=off: no cache read or written.
      fs.rmSync(path.join(again, "static", "css", "site.css.gz"));
      expect(await precompressStatic(again, { cacheDir: null })).toMatchObject({ written: 1, cached: 0 });
      expect(twinCacheDir({ NOSH_TWIN_CACHE: "off" })).toBeNull();
      expect(twinCacheDir({})).toBe(path.join(os.homedir(), ".cache", "nosh", "twins"));
    } finally {
      fs.rmSync(again, { recursive: true, force: true });
    }
  });
});

describe("the index the host answers from (staticTwins, twinAnswer)", () => {
  it("holds each twin with the headers Next.js sends for its file", () => {
    const index = staticTwins(dist);
    expect([...index.keys()].sort()).toEqual(["/_next/static/chunks/big.js", "/_next/static/css/site.css"]);
    const stat = fs.statSync(file("chunks/big.js"));
    expect(index.get("/_next/static/chunks/big.js")!.headers).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Last-Modified": stat.mtime.toUTCString(),
      ETag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      "Content-Type": "application/javascript; charset=UTF-8",
    });
    const br = answer(index, "/_next/static/css/site.css?v=1")!;
    expect(br.headers).toMatchObject({ "Content-Type": "text/css; charset=UTF-8", "Content-Encoding": "br", Vary: "Accept-Encoding", "Content-Length": br.body.length });
    expect(brotliDecompressSync(br.body).equals(fs.readFileSync(file("css/site.css")))).toBe(true);
    expect(answer(index, "/_next/static/css/site.css", { "accept-encoding": "gzip" })!.headers["Content-Encoding"]).toBe("gzip");
    expect(answer(index, "/_next/static/css/site.css", { "accept-encoding": "br" }, "HEAD")!.headers["Content-Encoding"]).toBe("br");
  });

  it("leaves to Next.js what it answers: other methods, ranges, conditional requests, no accepted coding, unknown paths", () => {
    const index = staticTwins(dist);
    const url = "/_next/static/chunks/big.js";
    expect(answer(index, url)).not.toBeNull();
    expect(answer(index, url, { "accept-encoding": "br" }, "POST")).toBeNull();
    for (const header of ["range", "if-range", "if-none-match", "if-modified-since", "if-match", "if-unmodified-since"]) {
      expect(answer(index, url, { "accept-encoding": "br", [header]: "x" }), header).toBeNull();
    }
    expect(answer(index, url, {})).toBeNull();
    expect(answer(index, url, { "accept-encoding": "identity" })).toBeNull();
    expect(answer(index, "/_next/static/chunks/small.js")).toBeNull();
    expect(answer(index, "/_next/static/chunks/missing.js")).toBeNull();
    expect(answer(index, "/other/chunks/big.js")).toBeNull();
  });

  it("never looks up a path that is not plainly under /_next/static", () => {
    const index = staticTwins(dist);
    for (const url of [
      "/_next/static/chunks/../chunks/big.js",
      "/_next/static/chunks/%2e%2e/chunks/big.js",
      "/_next/static/chunks/./big.js",
      "/_next/static/chunks%2fbig.js",
      "/_next/static/chunks%5cbig.js",
      "/_next/static/chunks\\big.js",
      "/_next/static/chunks/big.js%00",
      "/_next/static/chunks/%E0%A4%A.js",
      "/_next/static/../../package.json",
    ]) {
      expect(answer(index, url), url).toBeNull();
    }
    // Decoded once: an encoded character of a real name still finds it.
    expect(answer(index, "/_next/static/chunks/bi%67.js")).not.toBeNull();
  });

  it("serves nothing for a path whose answer could depend on the request", () => {
    const manifest = path.join(dist, "routes-manifest.json");
    const original = fs.readFileSync(manifest, "utf8");
    try {
      const conditional = JSON.parse(original);
      conditional.headers.push({
        source: "/_next/static/css/:path*",
        regex: "^/_next/static/css(?:/(.*))?$",
        has: [{ type: "cookie", key: "a" }],
        headers: [{ key: "X-A", value: "1" }],
      });
      fs.writeFileSync(manifest, JSON.stringify(conditional));
      expect([...staticTwins(dist).keys()]).toEqual(["/_next/static/chunks/big.js"]);
      const redirected = JSON.parse(original);
      redirected.redirects.push({ source: "/_next/static/chunks/:path*", regex: "^/_next/static/chunks(?:/(.*))?$", destination: "/x", statusCode: 308 });
      fs.writeFileSync(manifest, JSON.stringify(redirected));
      expect([...staticTwins(dist).keys()]).toEqual(["/_next/static/css/site.css"]);
    } finally {
      fs.writeFileSync(manifest, original);
    }
  });
});

describe("Accept-Encoding (chooseEncoding, also the shared answers' gzip)", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["GZIP;Q=1", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0, gzip;q=0.1", "gzip"],
    ["gzip;q=0.8, br;q=0.5", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity", null],
    ["identity, br;q=0.5", null],
    ["br;q=0, gzip;q=0", null],
    ["*;q=0", null],
    ["deflate", null],
    ["", null],
    [undefined, null],
  ])("%j -> %j", (header, expected) => {
    expect(chooseEncoding(header, ["br", "gzip"])).toBe(expected);
  });
});
