// After `npm install` in .ci/run: better-sqlite3's binary, compiled by the install when no prebuilt
// one was found, is kept in npm's prebuild cache (~/.npm/_prebuilds, under the name its install
// script, prebuild-install, looks for first: this version, Node ABI, platform and arch), so the next
// fresh clone on this machine unpacks it instead of compiling SQLite again. A machine without it
// compiles as before. The binary is opened first either way; one that does not load (a cached copy
// gone bad) is dropped from the cache and compiled afresh.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve("package.json"));
const pkg = require("better-sqlite3/package.json");
const util = require("prebuild-install/util");
const options = { ...require("prebuild-install/rc")(pkg), pkg };
const cached = util.cachedPrebuild(util.getDownloadUrl(options));
const packageDir = path.dirname(require.resolve("better-sqlite3/package.json"));
const binary = "build/Release/better_sqlite3.node";

const opens = () => {
  try {
    execFileSync(process.execPath, ["-e", "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { stdio: "pipe" });
    return true;
  } catch (error) {
    const lines = String(error.stderr ?? error).split("\n");
    console.error(`[sqlite-prebuild] better-sqlite3 does not load: ${lines.find((line) => /Error/.test(line)) ?? lines[0]}`);
    return false;
  }
};

/** Removes a file of the cache, if it can. */
const forget = (file) => {
  try {
    rmSync(file, { force: true });
  } catch {
    // nothing there to remove
  }
};

if (!opens()) {
  forget(cached);
  console.log("[sqlite-prebuild] compiling better-sqlite3 from source");
  execFileSync("npm", ["rebuild", "better-sqlite3", "--build-from-source"], { stdio: "inherit", env: { ...process.env, JOBS: "max" } });
  if (!opens()) process.exit(1);
}
// Keeping it is a saving, never a condition: a cache that cannot be written only warns.
if (!existsSync(cached)) {
  const partial = `${cached}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(cached), { recursive: true });
    execFileSync("tar", ["-czf", partial, "-C", packageDir, binary]);
    renameSync(partial, cached);
    console.log(`[sqlite-prebuild] kept the compiled binary for the next install: ${cached}`);
  } catch (error) {
    forget(partial);
    console.warn(`[sqlite-prebuild] could not keep the binary in ${cached}: ${String(error.stderr ?? error).trim()}`);
  }
}
