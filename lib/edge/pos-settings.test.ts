import { describe, expect, it } from "vitest";
import { posSettings } from "./pos-settings";

// The point of sale's settings (docs/architecture/kitchen.md "The point of sale"): the built-in POS
// by default outside production, none in production, never a pretend one on a live site; Square
// only with its application's credentials and webhook key, and its stand-in's base never in production.

const SECRET = "s".repeat(32);
const SQUARE = { POS: "square", SQUARE_APPLICATION_ID: "sq0idp-x", SQUARE_APPLICATION_SECRET: "sq0csp-x", SQUARE_WEBHOOK_SIGNATURE_KEY: "key" };

describe("the point of sale's settings", () => {
  it("is the built-in POS in development, none in production, and refuses the built-in one on a live site", () => {
    expect(posSettings({}, "development", SECRET)).toMatchObject({ provider: "builtin", syncEveryMs: 30_000 });
    expect(posSettings({}, "production", SECRET)).toEqual({ provider: "none", syncEveryMs: 30_000 });
    expect(() => posSettings({ POS: "builtin" }, "production", SECRET)).toThrow(/PAYMENTS=test/);
    expect(posSettings({ POS: "builtin", PAYMENTS: "test" }, "production", SECRET)).toMatchObject({ provider: "builtin" });
    expect(() => posSettings({ POS: "clover" }, "development", SECRET)).toThrow(/POS must be one of/);
    expect(() => posSettings({ POS_SYNC_SECONDS: "0" }, "development", SECRET)).toThrow(/POS_SYNC_SECONDS/);
  });

  it("selects Square only with its credentials and webhook key, its API at Square's (the sandbox's on asking), a stand-in's only outside production", () => {
    expect(posSettings(SQUARE, "production", SECRET)).toMatchObject({ provider: "square", apiBase: "https://connect.squareup.com", locationId: null });
    expect(posSettings({ ...SQUARE, SQUARE_ENVIRONMENT: "sandbox" }, "production", SECRET)).toMatchObject({ apiBase: "https://connect.squareupsandbox.com" });
    expect(() => posSettings({ ...SQUARE, SQUARE_APPLICATION_SECRET: "" }, "production", SECRET)).toThrow(/SQUARE_APPLICATION_SECRET/);
    expect(() => posSettings({ ...SQUARE, SQUARE_WEBHOOK_SIGNATURE_KEY: "" }, "production", SECRET)).toThrow(/SQUARE_WEBHOOK_SIGNATURE_KEY/);
    expect(() => posSettings({ ...SQUARE, SQUARE_API_BASE: "http://127.0.0.1:4010" }, "production", SECRET)).toThrow(/tests only/);
    expect(posSettings({ ...SQUARE, SQUARE_API_BASE: "http://127.0.0.1:4010/" }, "development", SECRET)).toMatchObject({ apiBase: "http://127.0.0.1:4010" });
  });
});
