import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // The data layer imports "server-only"; in tests it runs on the server anyway.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "prisma/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    env: { BCRYPT_COST: "4", NOSH_ENV: "development" },
  },
});
