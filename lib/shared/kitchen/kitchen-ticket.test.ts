import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translate";
import { addressLine, ticketKind, ticketPayment as paymentWords, ticketPriority, ticketTimes as timesWords, type TicketWords } from "./kitchen-ticket";

// The ticket's words through the catalogue (`ticket`), in English as the page printed them before
// it, and in Spanish for a Spanish-reading kitchen.
const en = translatorFor("en", "ticket");
const say = (words: TicketWords | null, t = en) => (words ? t(...(words as [never, never])) : null);
const ticketTimes = (...args: Parameters<typeof timesWords>) => {
  const { placed, forLater } = timesWords(...args);
  return { placed: say(placed), forLater: say(forLater) };
};
const ticketPayment = (order: Parameters<typeof paymentWords>[0], t = en, locale: "en" | "es" = "en") => {
  const paid = paymentWords(order, locale);
  return paid && (paid.phoneOrder ? t("phoneOrder", { collect: say(paid.collect, t)! }) : say(paid.collect, t));
};

const order = { deliveryOption: "standard", scheduledFor: null, submittedAt: "2026-11-26T02:15:00.000Z", createdAt: "2026-11-26T02:00:00.000Z" };

describe("the kitchen ticket", () => {
  it("says pickup or delivery, and priority", () => {
    expect(say(ticketKind(order))).toBe("Delivery");
    expect(say(ticketKind({ deliveryOption: "pickup" }))).toBe("Pickup");
    expect(say(ticketKind({ deliveryOption: "schedule" }))).toBe("Delivery");
    expect(say(ticketPriority({ deliveryOption: "priority" }))).toBe("Priority");
    expect(ticketPriority(order)).toBeNull();
  });

  it("says what a phone order paid at the door collects, and where a delivery goes", () => {
    expect(ticketPayment({ deliveryOption: "pickup", paymentMethod: "door", phoneOrder: { phone: "4155550134" }, totalCost: 27.5 })).toBe(
      "Phone order · collect $27.50 at pickup",
    );
    expect(ticketPayment({ deliveryOption: "standard", paymentMethod: "door", phoneOrder: { phone: "4155550134" }, totalCost: 31 })).toBe(
      "Phone order · collect $31.00 at the door",
    );
    expect(ticketPayment({ deliveryOption: "standard", paymentMethod: "card", totalCost: 31 })).toBeNull();
    expect(addressLine({ address: "1 Market St", unit: null, city: "San Francisco", state: "CA", zip: "94105", instructions: "Unit 5 · Buzz 5" })).toBe(
      "1 Market St, San Francisco, CA 94105 · Unit 5 · Buzz 5",
    );
    expect(addressLine({ address: "1 Market St", unit: "5", city: "San Francisco", state: "CA", zip: null, instructions: null })).toBe(
      "1 Market St, Unit 5, San Francisco, CA",
    );
  });

  it("prints when it was placed, and when it is for, in the restaurant's time zone (not the marketplace's)", () => {
    expect(ticketTimes(order, "America/Los_Angeles")).toEqual({ placed: "Placed Nov 25, 6:15 PM", forLater: null });
    expect(ticketTimes(order, "America/New_York")).toEqual({ placed: "Placed Nov 25, 9:15 PM", forLater: null });
    expect(ticketTimes({ ...order, submittedAt: null }, "America/Los_Angeles").placed).toBe("Placed Nov 25, 6:00 PM");
    expect(ticketTimes({ ...order, deliveryOption: "pickup", scheduledFor: "2026-11-26T20:30:00.000Z" }, "America/Los_Angeles").forLater).toBe(
      "Pickup at Nov 26, 12:30 PM",
    );
    expect(ticketTimes({ ...order, deliveryOption: "schedule", scheduledFor: "2026-11-26T20:30:00.000Z" }, "America/Chicago").forLater).toBe(
      "Deliver at Nov 26, 2:30 PM",
    );
  });

  it("in Spanish for a Spanish-reading kitchen: the same facts, the times still in the restaurant's zone", () => {
    const es = translatorFor("es", "ticket");
    expect(say(ticketKind({ deliveryOption: "pickup" }), es)).toBe("Para recoger");
    expect(say(timesWords(order, "America/Los_Angeles", "es").placed, es)).toBe("Realizado 25 nov, 18:15");
    expect(ticketPayment({ deliveryOption: "pickup", paymentMethod: "door", phoneOrder: { phone: "4155550134" }, totalCost: 27.5 }, es, "es")).toBe(
      "Pedido telefónico · cobrar 27,50\u00a0US$ al recoger",
    );
    expect(es("count", { count: 3 })).toBe("3 artículos");
    expect(en("count", { count: 1 })).toBe("1 item");
    expect(es("allergy", { list: [es("allergens.tree-nuts"), es("allergens.peanuts")].join(", ") })).toBe("ALERGIA: frutos de cáscara, cacahuetes");
    expect(en("allergy", { list: [en("allergens.tree-nuts"), en("allergens.peanuts")].join(", ") })).toBe("ALLERGY: tree nuts, peanuts");
  });
});
