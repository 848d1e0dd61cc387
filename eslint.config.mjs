import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  // lib/README.md: shared rules, schemas and what the proxy loads run on both sides, so they never
  // import lib/server or lib/client (type-only imports of the server's JSON shapes excepted).
  {
    files: ["lib/shared/**", "lib/contract/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/server/*", "@/lib/client/*", "@/lib/edge/*", "../server/*", "../client/*", "../edge/*"],
              allowTypeImports: true,
              message: "lib/README.md: shared code imports only lib/shared and lib/contract.",
            },
          ],
        },
      ],
    },
  },
  // lib/contract/zod-free/README.md: what pages import from validation without loading zod.
  {
    files: ["lib/contract/zod-free/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "lib/contract/zod-free/README.md: these rules ship in pages' first loads, without zod." }],
          patterns: [
            {
              group: ["@/lib/server/*", "@/lib/client/*", "@/lib/edge/*", "../*", "!../zod-free/*", "@/lib/contract/*", "!@/lib/contract/zod-free/*"],
              allowTypeImports: true,
              message: "lib/contract/zod-free/README.md: zod-free rules import only each other and lib/shared (the resources' rules load zod).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/edge/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/server/*", "@/lib/client/*", "../server/*", "../client/*"],
              allowTypeImports: true,
              message: "lib/README.md: the proxy bundle cannot load lib/server (server-only) or lib/client.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**", "components/**"],
    ignores: ["components/ui/link.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "next/link", message: "Import Link from @/components/ui/link: next/link adds about 3 KB gzip to every route's first load (docs/performance.md)." },
          ],
        },
      ],
    },
  },
  { ignores: [".next/**", "node_modules/**", "lib/generated/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
