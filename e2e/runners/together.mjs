// `node e2e/runners/together.mjs <npm script>...`: runs npm scripts side by side rather than one
// after another, where one leaves a core idle that the other can use (`npm test`: Vitest beside
// the production build, whose page-data, tracing and compression steps run on one core; e2e/README.md,
// "Wall time"). Each script's output is printed whole once it ends, so their lines never
// interleave; fails if any script fails, after all have ended.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

const run = (script) =>
  new Promise((resolve) => {
    const at = Date.now();
    const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const ok = code === 0;
      console.log(`${Buffer.concat(output).toString().trimEnd()}\n[together] ${script} ${ok ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(at)} s`);
      resolve(ok);
    });
  });

const results = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, index) => !results[index]);
console.log(`[together] ${scripts.join(", ")}: ${failed.length ? `FAILED ${failed.join(", ")}` : "passed"} in ${seconds(started)} s`);
process.exit(failed.length ? 1 : 0);
