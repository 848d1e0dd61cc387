// @ts-check
// `node server/duplicate-chunks.mjs [distDir]`: the build step after `next build` (package.json
// `postbuild`). Turbopack writes the same server chunk once per route that uses it (the API
// contract's chunk 82 times, 250 KB each; the database's 21 times, 950 KB each: 43 MB of copies
// in one build), byte for byte the same but for the source-map comment. Its runtime installs a
// module's factory once, but Node's require cache keeps every copy it loaded, and V8 keeps each
// copy's source: under the dinner rush the worker's heap held 60 MB of them (the contract's
// chunk is two-byte text, 500 KB a copy; docs/log/2026-11-27.md). So every copy but the first
// (by name, in the same folder) becomes a one-line module that re-exports the first: the runtime
// then finds the factories already installed, and only one source is ever held. Idempotent (a
// re-export is never the same as a chunk). Only `.next/server/chunks` (Node's chunks; the edge
// runtime's are left alone).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

/** The chunks under `dir` (recursively), grouped by folder and content without the source-map comment: the groups of more than one. @param {string} dir */
export function duplicateGroups(dir) {
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  /** @param {string} folder */
  const visit = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith(".js") && !entry.name.startsWith("[turbopack]")) {
        const text = fs.readFileSync(file, "utf8").replace(SOURCE_MAP_COMMENT, "");
        const key = `${folder}\0${crypto.createHash("sha256").update(text).digest("hex")}`;
        groups.set(key, [...(groups.get(key) ?? []), file]);
      }
    }
  };
  if (fs.existsSync(dir)) visit(dir);
  return [...groups.values()].filter((files) => files.length > 1);
}

/** Rewrites every copy as a re-export of its group's first file; the bytes no longer loaded. @param {string} distDir */
export function shareDuplicateChunks(distDir) {
  let files = 0;
  let bytes = 0;
  for (const [first, ...copies] of duplicateGroups(path.join(distDir, "server", "chunks"))) {
    for (const copy of copies) {
      bytes += fs.statSync(copy).size;
      files++;
      fs.writeFileSync(copy, `module.exports = require(${JSON.stringify(`./${path.basename(first)}`)});\n`);
    }
  }
  return { files, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const distDir = path.resolve(process.argv[2] ?? ".next");
  const { files, bytes } = shareDuplicateChunks(distDir);
  console.log(`duplicate-chunks: ${files} copies of server chunks now re-export their first (${(bytes / 1048576).toFixed(1)} MB no longer loaded)`);
}
