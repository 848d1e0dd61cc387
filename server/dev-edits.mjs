// @ts-check
// `npm run dev` only: kept answers were written by the code as it was, so an edit to the app
// forgets them all (production never changes its code under a running server). Without this a
// catalog page or a catalog read would be replayed as it was before the edit until the catalog
// changed.
import fs from "node:fs";
import path from "node:path";
import { log } from "./log.mjs";

/** The folders whose files make the answers. */
const SOURCES = ["app", "components", "lib", "proxy.ts"];

/** Calls `forget` (at most every 100 ms) whenever a source file changes. @param {() => void} forget */
export function watchForEdits(forget) {
  /** @type {NodeJS.Timeout | null} */
  let pending = null;
  const changed = () => {
    pending ??= setTimeout(() => {
      pending = null;
      forget();
    }, 100);
  };
  for (const source of SOURCES) {
    const full = path.join(process.cwd(), source);
    if (!fs.existsSync(full)) continue;
    try {
      fs.watch(full, { recursive: fs.statSync(full).isDirectory(), persistent: false }, changed);
    } catch (error) {
      log(`not watching ${source} for edits (kept answers outlive them): ${error instanceof Error ? error.message : error}`);
    }
  }
}
