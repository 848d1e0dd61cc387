import { defineConfig } from "@playwright/test";

// `npm run test:cluster` (e2e/runners/test-cluster.mjs) starts nginx in front of two
// `next start` instances on one PostgreSQL database and runs e2e/cluster against them.
export default defineConfig({
  testDir: "e2e/cluster",
  outputDir: "test-results/cluster",
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: { baseURL: process.env.CLUSTER_URL },
});
