import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, sources } from "@/lib/import-graph";
import * as messages from "./messages";

// A message in messages.ts is written there only: the app's code (app/, components/, lib/, the
// service worker's scripts) imports it rather than quoting it again. Tests quote the words on
// purpose (they pin them), and comments may cite them. The host (server/) is left out: node runs
// it as it is and it imports only lib/shared/web/host-contract.mjs and lib/shared/web/registries/, so its last-resort 500
// (server/pipeline.mjs) says SERVER_FAILURE's words itself.

const code = [
  ...sources().filter(
    (file) => !/\.test\.tsx?$/.test(file) && !file.startsWith(path.join(root, "server") + path.sep) && file !== path.join(root, "lib/shared/words/messages.ts"),
  ),
  ...readdirSync(path.join(root, "public"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(root, "public", name)),
];

/** Where `text` appears quoted ("…", '…' or `…`) on a line that is not a comment. */
function quotedIn(text: string): string[] {
  const quoted = ['"', "'", "`"].map((quote) => quote + text + quote);
  const found: string[] = [];
  for (const file of code) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (/^\s*(\/\/|\/\*|\*)/.test(line)) return;
        if (quoted.some((literal) => line.includes(literal))) found.push(`${path.relative(root, file)}:${index + 1}`);
      });
  }
  return found;
}

describe("messages", () => {
  it("each is written once, in lib/shared/words/messages.ts", () => {
    const copies = Object.entries(messages).flatMap(([name, text]) => quotedIn(text).map((where) => `${name} at ${where}`));
    expect(copies).toEqual([]);
  });

  it("the check finds a copy when there is one", () => {
    // A phrase the code quotes as long as it has client components: an English phrase the check
    // once used here left the code for the catalogue (twice), and this check failed with it.
    expect(quotedIn("use client").length).toBeGreaterThan(0);
  });
});
