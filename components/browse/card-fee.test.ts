import { describe, expect, it } from "vitest";
import { cardFee } from "./card-fee";

describe("a card's fee line", () => {
  it("gives a restaurant's free delivery the card's line, as the apps show it", () => {
    expect(cardFee("$6.49 delivery fee", { freeDeliveryOver: null })).toBe("$6.49 delivery fee");
    expect(cardFee("from $1.99 delivery fee", { freeDeliveryOver: 25 })).toBe("$0 delivery fee over $25");
    expect(cardFee("$6.49 delivery fee", { freeDeliveryOver: 12.5 })).toBe("$0 delivery fee over $12.50");
  });
});
