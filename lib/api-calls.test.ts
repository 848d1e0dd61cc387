import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A screen calls the API one way: useApiAction (lib/client/use-api-action.ts), or useApiActions for
// a list of like actions, whose one parser (parseApiError) puts a field's message beside its field
// and the rest in one place. A hand-written `instanceof ApiClientError` outside lib/client is a
// second way. The files below still hold one while they are moved onto the hook: the list only shrinks.
const root = path.resolve(import.meta.dirname, "..");
const folders = ["app", "components", "lib", "server"];
const skipped = new Set(["node_modules", "generated", "lib/client"]);
const SELF = "lib/api-calls.test.ts";
const HAND_CATCH = /instanceof\s+ApiClientError\b/;

const NOT_YET_MOVED = new Set([
  "components/account/allergies-form.tsx",
  "components/account/delete-account-dialog.tsx",
  "components/account/delivery-instructions-form.tsx",
  "components/account/email-status.tsx",
  "components/account/language-form.tsx",
  "components/account/passkeys.tsx",
  "components/account/picture-upload.tsx",
  "components/account/sign-out-everywhere-button.tsx",
  "components/addresses/address-book.tsx",
  "components/addresses/address-form.tsx",
  "components/addresses/saved-address-choices.tsx",
  "components/auth/guest-button.tsx",
  "components/auth/passkey-sign-in.tsx",
  "components/auth/quick-sign-in.tsx",
  "components/auth/validate.ts",
  "components/auth/verify-email-form.tsx",
  "components/browse/dish-options-dialog.tsx",
  "components/browse/order-again-row.tsx",
  "components/browse/restaurant-heart.tsx",
  "components/browse/use-likes.ts",
  "components/cart/cart-check.tsx",
  "components/checkout/card-form.tsx",
  "components/checkout/cart-order.ts",
  "components/checkout/challenge-form.tsx",
  "components/checkout/choose-again.tsx",
  "components/checkout/delivery-details.tsx",
  "components/checkout/menu-changes.tsx",
  "components/checkout/promo-code.tsx",
  "components/checkout/stripe-card-form.tsx",
  "components/checkout/use-checkout-order.ts",
  "components/checkout/use-place-order.ts",
  "components/group/group-add-button.tsx",
  "components/group/group-cart.tsx",
  "components/group/group-checkout.tsx",
  "components/group/group-context.tsx",
  "components/group/group-screen.tsx",
  "components/group/host-controls.tsx",
  "components/group/start-group-button.tsx",
  "components/messages/message-thread.tsx",
  "components/notifications/preferences-form.tsx",
  "components/notifications/push-device.tsx",
  "components/orders/cancel-order-dialog.tsx",
  "components/orders/order-actions.tsx",
  "components/orders/order-changes.tsx",
  "components/orders/order-payment.tsx",
  "components/orders/raise-tip.tsx",
  "components/orders/rate-courier.tsx",
  "components/orders/running-late.tsx",
  "components/providers/signed-out-add.ts",
  "components/reviews/delete-review-dialog.tsx",
  "components/reviews/new-review.tsx",
  "components/reviews/reply-editor.tsx",
  "components/reviews/review-form.tsx",
  "components/shell/address-editor.tsx",
  "components/wallet/card-top-up.tsx",
  "components/wallet/wallet-balance.tsx",
]);

/** The production and test sources under `folders`, relative to the root, lib/client left out. */
function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join("/");
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name) && !skipped.has(relative)) walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && relative !== SELF) found.push(relative);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return found;
}

describe("a screen calls the API through the hook", () => {
  const all = sources();

  it("reads the screens and leaves lib/client out (the check is not vacuous)", () => {
    expect(all).toContain("components/operators/action-button.tsx");
    expect(all).toContain("components/team/team-manager.tsx");
    expect(all.some((file) => file.startsWith("lib/client/"))).toBe(false);
  });

  it("has no new hand-written catch of ApiClientError outside lib/client", () => {
    const caught = all.filter((file) => HAND_CATCH.test(readFileSync(path.join(root, file), "utf8")));
    expect(caught.filter((file) => !NOT_YET_MOVED.has(file))).toEqual([]);
  });

  it("finds a hand-written catch where there is one", () => {
    expect(HAND_CATCH.test("} catch (e) { if (e instanceof ApiClientError) setErrors(e.errors); }")).toBe(true);
    expect(HAND_CATCH.test("const failure = parseApiError(error);")).toBe(false);
  });
});
