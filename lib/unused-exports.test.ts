import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportUses, loadedByName, PRODUCTION, type Export } from "./export-uses";
import { isTestFile, root } from "./import-graph";

// No export of the production code (app/, components/, lib/, server/) that nothing uses, as
// export-uses.ts reads the uses (Next.js's own files, read by their names, left out):
// - an export neither another file nor its own uses is dead code: it goes;
// - an export only tests import (placePaid was one) is a test's helper: it moves into a testing/
//   folder, or is named `...ForTests` when it reaches into a module's state. Those below predate
//   the rule and may only leave the list (the test fails on one that is no longer tests-only).
// lib/'s own files at its root (import-graph.ts, layering.ts, export-uses.ts) serve these
// structure tests: their exports are for tests.

const TESTS_ONLY = new Set([
  // A module's helpers that only its tests call (the English texts the words' tests once compared
  // with the catalogue went: the tests hold the words themselves).
  "lib/contract/operations.ts routeKey",
  "lib/server/accounts/passkeys.ts CONFIRMATION_WINDOW_MINUTES",
  "lib/server/dispatch/position-batch.ts stopPositionBatching",
  "lib/server/insights/read.ts getInsights",
  "lib/server/ledger/tax.ts refundTaxOf",
  "lib/server/menu/translations.ts MenuTranslationsView",
  "lib/server/notifications/worker.ts claim",
  "lib/server/payments/providers/stripe/provider.ts STRIPE_CONNECT_EVENTS",
  "lib/server/payouts/lifecycle.ts pendingEarnings",
  "lib/server/platform/catalog-cache.ts catalogCacheSize",
  "lib/server/restaurants/favorites.ts favoriteRestaurantIds",
  "lib/server/webhooks/signature.ts verifyWebhook",
  "lib/shared/orders/order-stages.ts nextForwardStage",
  "lib/shared/web/robots.ts robotsDisallows",
  "lib/contract/orders/rules.ts PlaceOrderInput",
  "lib/contract/zod-free/text-rules.ts textError",
]);

const label = (e: Export) => `${path.relative(root, e.file)} ${e.name}`;
const inProduction = (e: Export) => {
  const relative = path.relative(root, e.file);
  return PRODUCTION.some((folder) => relative.startsWith(folder + path.sep)) && path.dirname(relative) !== "lib" && !isTestFile(e.file) && !loadedByName(e.file);
};

/** The production exports no production file uses: dead (no use at all, `at` its line) or tests-only. */
function unused(exports: Export[]) {
  const unusedHere = exports.filter((e) => inProduction(e) && e.production.length === 0);
  return {
    dead: unusedHere.filter((e) => !e.inFile && e.tests.length === 0).map((e) => `${label(e)} (line ${e.line})`),
    testsOnly: unusedHere.filter((e) => !e.inFile && e.tests.length > 0 && !e.name.endsWith("ForTests")).map(label),
  };
}

describe("exports", () => {
  const exports = exportUses();
  const { dead, testsOnly } = unused(exports);
  const find = (file: string, name: string) => exports.find((e) => path.relative(root, e.file) === file && e.name === name);

  it("reads the uses (the check is not vacuous)", () => {
    expect(exports.length).toBeGreaterThan(3000);
    // A named import, a destructured import(), a test's import of a testing/ helper.
    expect(find("lib/server/orders/pay-and-place.ts", "payAndPlace")?.production).toContain(path.join(root, "lib/server/web/checkout.ts"));
    expect(find("lib/client/webauthn.ts", "createPasskey")?.production).toContain(path.join(root, "components/account/passkeys.tsx"));
    expect(find("lib/server/orders/testing/place-paid.ts", "placePaid")?.tests.length).toBeGreaterThan(10);
    expect(find("server/kept-answers/store.mjs", "keptAnswers")?.production).toContain(path.join(root, "server/worker.mjs"));
  });

  it("no production export is dead: neither another file nor its own uses it", () => {
    expect(dead).toEqual([]);
  });

  it("no new production export is used only by tests (those predating the rule may only go)", () => {
    expect(testsOnly.filter((one) => !TESTS_ONLY.has(one))).toEqual([]);
    expect([...TESTS_ONLY].filter((one) => !testsOnly.includes(one))).toEqual([]);
  });

  it("tells a dead export and a tests-only one", () => {
    const made = (name: string, production: string[], tests: string[], inFile = false): Export => ({
      file: path.join(root, "lib/shared/made-up.ts"),
      name,
      line: 1,
      inFile,
      production,
      tests,
    });
    const user = path.join(root, "lib/server/web/checkout.ts");
    const test = path.join(root, "lib/shared/made-up.test.ts");
    expect(unused([made("gone", [], []), made("probe", [], [test]), made("used", [user], [test]), made("local", [], [], true)])).toEqual({
      dead: ["lib/shared/made-up.ts gone (line 1)"],
      testsOnly: ["lib/shared/made-up.ts probe"],
    });
  });
});
