// A Vitest reporter beside the default one (vitest.config.mts): at the end of a run, what failed
// and what passed only on its retry, a line each. A CI log is often read from its tail, and
// `npm run test:postgres` goes on to Playwright after its Vitest pass, whose output would push
// Vitest's failures out of it: with VITEST_RECAP_FILE set the lines also go to that file, which
// the runner prints last (e2e/runners/test-postgres.mjs).
import { writeFileSync } from "node:fs";
import path from "node:path";

const firstLine = (error) => {
  if (!error) return "";
  const message = String(error.message ?? error)
    .split("\n")[0]
    .slice(0, 300);
  const frame = String(error.stack ?? "")
    .split("\n")
    .find((line) => /\.(test\.)?[cm]?[tj]s:\d+/.test(line) && !line.includes("node_modules"));
  return frame
    ? `${message} (${frame
        .trim()
        .replace(/^at /, "")
        .replace(process.cwd() + path.sep, "")})`
    : message;
};

export default class RecapReporter {
  onTestRunEnd(testModules, unhandledErrors = []) {
    const lines = [];
    for (const testModule of testModules) {
      const file = path.relative(process.cwd(), testModule.moduleId);
      for (const error of testModule.errors()) lines.push(`FAILED ${file}: ${firstLine(error)}`);
      for (const test of testModule.children.allTests()) {
        const result = test.result();
        if (result.state === "failed") lines.push(`FAILED ${file} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        else if (test.diagnostic()?.flaky) lines.push(`FLAKY (passed on its retry) ${file} > ${test.fullName}`);
      }
    }
    for (const error of unhandledErrors) lines.push(`FAILED (unhandled): ${firstLine(error)}`);
    if (lines.length) console.log(`\n[vitest] ${lines.length} to look at:\n${lines.join("\n")}`);
    if (process.env.VITEST_RECAP_FILE) writeFileSync(process.env.VITEST_RECAP_FILE, lines.join("\n"));
  }
}
