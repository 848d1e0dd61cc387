// @ts-check
// Next.js reads each app route's client-reference manifest (and a few build-wide manifests) by
// running the file with `vm.runInNewContext` (next/dist/server/load-manifest.external.js,
// `evalManifest`) and caches the sandbox object it ran in for the life of the process. A
// sandbox keeps its context, and a context is a realm of its own: its own Object, Math, Date,
// RegExp, Intl and the rest, about 0.46 MB of heap. A server that had answered each of the app's
// 236 routes once held one realm per route: 95 MB of its 216 MB heap, never released, which put
// it over the heap budget's line for good (every new live stream refused) and made every later
// collection slower (docs/architecture/memory.md, "Framework realms").
//
// A manifest is data the build wrote as one or two assignments (`globalThis.__RSC_MANIFEST[...]
// = {...}`, `self.__NEXT_FONT_MANIFEST = "..."`): it needs the sandbox object as its global, not
// a realm. So the worker evaluates those files as a function of that object, in the main realm;
// anything else passed to vm.runInNewContext (nothing else in the app today) still gets a context.

import vm from "node:vm";

/** What a build manifest's file starts with: an assignment to a `__NAME` of its global. */
const MANIFEST_SOURCE = /^(?:globalThis|self)\.__[A-Z0-9_]+\s*=/;

/**
 * Whether `code` run in `sandbox` is one of Next.js's build manifests: a manifest's source, a
 * sandbox holding only what Next.js gives it (`process.env.NEXT_DEPLOYMENT_ID`), no options.
 * @param {unknown} code @param {unknown} sandbox @param {unknown} options
 */
export function isBuildManifest(code, sandbox, options) {
  if (typeof code !== "string" || !MANIFEST_SOURCE.test(code) || options !== undefined) return false;
  if (!sandbox || typeof sandbox !== "object" || Object.getPrototypeOf(sandbox) !== Object.prototype) return false;
  const keys = Object.keys(sandbox);
  return keys.every((key) => key === "process" || key.startsWith("__"));
}

/**
 * Runs a build manifest's `code` with `sandbox` as its `globalThis` and `self` (and the sandbox's
 * `process`): what it assigns lands on the sandbox, as it would in a context of its own.
 * @param {string} code @param {Record<string, unknown>} sandbox
 */
export function runManifest(code, sandbox) {
  // The build's own manifest files, read by Next.js from .next/server.
  new Function("globalThis", "self", "process", code)(sandbox, sandbox, sandbox.process);
  return sandbox;
}

let installed = false;

/** From now on, build manifests run in the main realm (call before Next.js loads a route). */
export function manifestsWithoutRealms() {
  if (installed) return;
  installed = true;
  const runInNewContext = vm.runInNewContext;
  /** @type {typeof vm.runInNewContext} */
  const replacement = function (code, sandbox, options) {
    if (isBuildManifest(code, sandbox, options)) return runManifest(/** @type {string} */ (code), /** @type {Record<string, unknown>} */ (sandbox));
    return runInNewContext.call(vm, code, sandbox, options);
  };
  vm.runInNewContext = replacement;
}
