import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { isBuildManifest, manifestsWithoutRealms } from "./manifest-realms.mjs";

// Next.js's build manifests run without a realm of their own (server/manifest-realms.mjs): a
// server that had answered every route once held one realm per route's manifest, 236 of them.

const MANIFEST = `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};
globalThis.__RSC_MANIFEST["/(shop)/home/page"] = {"moduleLoading":{"prefix":""},"clientModules":{}};
`;
const FONTS = `self.__NEXT_FONT_MANIFEST="{\\"app\\":{}}"`;
const sandbox = () => ({ process: { env: { NEXT_DEPLOYMENT_ID: undefined } } });
const require = createRequire(import.meta.url);

describe("Next.js's build manifests", () => {
  it("are told apart from other code run in a new context", () => {
    expect(isBuildManifest(MANIFEST, sandbox(), undefined)).toBe(true);
    expect(isBuildManifest(FONTS, sandbox(), undefined)).toBe(true);
    expect(isBuildManifest("this.x = 1", sandbox(), undefined)).toBe(false);
    expect(isBuildManifest(MANIFEST, { process: {}, helper: () => 1 }, undefined)).toBe(false);
    expect(isBuildManifest(MANIFEST, Object.create(null), undefined)).toBe(false);
    expect(isBuildManifest(MANIFEST, sandbox(), { timeout: 5 })).toBe(false);
  });

  it("read by Next.js's own evalManifest land in the main realm, with what they assign", () => {
    manifestsWithoutRealms();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nosh-manifest-"));
    const file = path.join(dir, "page_client-reference-manifest.js");
    fs.writeFileSync(file, MANIFEST);
    const { evalManifest } = require("next/dist/server/load-manifest.external.js") as { evalManifest: (file: string, cache?: boolean) => Record<string, unknown> };
    const context = evalManifest(file, false) as { __RSC_MANIFEST: Record<string, { moduleLoading: { prefix: string } }> };
    expect(context.__RSC_MANIFEST["/(shop)/home/page"]!.moduleLoading.prefix).toBe("");
    // In a context of its own, the manifest's objects would be that realm's (another Object).
    expect(Object.getPrototypeOf(context.__RSC_MANIFEST)).toBe(Object.prototype);
    expect(context.__RSC_MANIFEST).toBeInstanceOf(Object);
    fs.rmSync(dir, { recursive: true });
  });

  it("leave every other use of vm.runInNewContext its own realm", () => {
    manifestsWithoutRealms();
    const box: { seen?: unknown } = {};
    vm.runInNewContext("this.seen = Object", box);
    expect(box.seen).not.toBe(Object);
    expect(vm.runInNewContext("1 + 2", {})).toBe(3);
  });
});
