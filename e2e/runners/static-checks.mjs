// `npm run check`: formatting, types and lint at once. Prettier runs on one thread, so it runs
// beside the type checker and ESLint (two threads) instead of before them: the two cores stay busy.
// Each job's output is printed whole when it ends; the run fails if any job fails.
import { spawn } from "node:child_process";

const jobs = [
  ["format", "npm run --silent format:check"],
  ["types, then lint", "npm run --silent typecheck && npm run --silent lint"],
];

const started = Date.now();
const results = await Promise.all(
  jobs.map(
    ([name, command]) =>
      new Promise((resolve) => {
        const child = spawn("sh", ["-c", command], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          process.stdout.write(`[check] ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} after ${Math.round((Date.now() - started) / 1000)} s\n${output}`);
          resolve(code);
        });
      }),
  ),
);
process.exit(results.every((code) => code === 0) ? 0 : 1);
