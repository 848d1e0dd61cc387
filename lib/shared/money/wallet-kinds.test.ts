import { describe, expect, it } from "vitest";
import { walletRowDescription } from "./wallet-kinds";
import en from "@/lib/i18n/areas/profile.en.json";
import es from "@/lib/i18n/areas/profile.es.json";

// A wallet row in words: the catalogue's, English's for the statement CSV, a reader's language on the operator's user page.
describe("walletRowDescription", () => {
  const row = { kind: "payment", orderId: 12, restaurantName: "Lantern Noodle House" };

  it("writes English from the English catalogue as it always did", () => {
    expect(walletRowDescription({ ...row, kind: "signup", orderId: null, restaurantName: null }, en.wallet)).toBe("Sign-up credit");
    expect(walletRowDescription(row, en.wallet)).toBe("Payment · Order #12 · Lantern Noodle House");
    expect(walletRowDescription({ ...row, kind: "topup", orderId: null }, en.wallet)).toBe("Added funds · Lantern Noodle House");
  });

  it("writes Spanish from its catalogue; a kind it does not know stays as stored", () => {
    expect(walletRowDescription(row, es.wallet)).toBe("Pago · Pedido #12 · Lantern Noodle House");
    expect(walletRowDescription({ kind: "refund", orderId: 7, restaurantName: null }, es.wallet)).toBe("Reembolso · Pedido #7");
    expect(walletRowDescription({ kind: "bonus", orderId: null, restaurantName: null }, es.wallet)).toBe("bonus");
  });
});
