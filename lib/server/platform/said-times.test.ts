import { describe, expect, it } from "vitest";
import { wordsFor } from "@/lib/i18n/translate";
import { notReadySaid } from "@/lib/shared/delivery/delivery-text";
import { kitchenFullMessage, kitchenFullSaid } from "@/lib/shared/kitchen/kitchen-capacity";
import { pausedMessageIn, pausedSaid } from "@/lib/shared/kitchen/kitchen-lines";
import { everyDay, type OpeningHours } from "@/lib/shared/time/opening-hours";
import { closedNowMessage, closedNowSaid } from "@/lib/shared/time/schedule";
import { conflict, errorResponse, errorTextIn } from "./errors";

// A refusal that names a time (a pause's end, the first slot, the kitchen's ready time, the next
// free quarter hour) is said by its catalogue keys and values like any other, its times as
// saidTime() values: the answer writes them in the request's language and the restaurant's zone.
// English is the spec's sentence, word for word as lib/shared writes it for the pages.

const LA = "America/Los_Angeles";
const es = wordsFor("es", "lines");
const bodyOf = async (response: Response) => JSON.parse(await response.text()) as { message: string; errors?: Record<string, string> };

describe("a said message with a time", () => {
  it("writes the time in the reader's language and the given zone", () => {
    const at = "2026-11-26T03:40:00Z";
    expect(errorTextIn("en", pausedSaid("Cafe", at, LA))).toBe("Cafe is not taking orders until 7:40 PM. You can schedule an order for later.");
    expect(errorTextIn("es", pausedSaid("Cafe", at, LA))).toBe("Cafe no acepta pedidos hasta las 19:40. Puedes programar un pedido para más tarde.");
    expect(errorTextIn("en", pausedSaid("Cafe", at, "America/New_York"))).toContain("until 10:40 PM.");
    // A name is a value, never read as the catalogue's pattern.
    expect(errorTextIn("es", pausedSaid("Café {time}", at, LA))).toBe(pausedMessageIn("Café {time}", at, LA, es.kitchen, "es"));
  });

  it("answers the message and its field in the request's language, English as the pages write it", async () => {
    const at = "2026-11-26T03:40:00Z";
    const refusal = () => conflict(pausedSaid("Cafe", at, LA), { deliveryOption: pausedSaid("Cafe", at, LA), other: "Kept" });
    expect(await bodyOf(errorResponse(refusal(), "es"))).toEqual({
      message: pausedMessageIn("Cafe", at, LA, es.kitchen, "es"),
      errors: { deliveryOption: pausedMessageIn("Cafe", at, LA, es.kitchen, "es"), other: "Kept" },
    });
    const english = "Cafe is not taking orders until 7:40 PM. You can schedule an order for later.";
    expect(await bodyOf(errorResponse(refusal()))).toEqual({ message: english, errors: { deliveryOption: english, other: "Kept" } });
    expect(refusal().message).toBe(english);
  });

  it("says a closed restaurant's first slot today, tomorrow or on a weekday, as checkout does", () => {
    const evenings: OpeningHours = { timeZone: LA, hours: everyDay({ open: "17:00", close: "20:00" }), closures: [] };
    const spanish = { words: es.slots, locale: "es" as const };
    const EN_SLOTS = { words: wordsFor("en", "lines").slots, locale: "en" as const };
    const saturday = (hours: OpeningHours["hours"]) => ({ ...evenings, hours });
    const cases: [Date, OpeningHours][] = [
      [new Date("2026-11-21T18:00:00Z"), evenings], // Saturday 10:00: today
      [new Date("2026-11-22T05:00:00Z"), evenings], // Saturday 21:00: tomorrow
      [new Date("2026-11-21T18:00:00Z"), saturday({ ...everyDay(), tue: [{ open: "11:00", close: "14:00" }] })], // next Tuesday
      [new Date("2026-11-21T18:00:00Z"), saturday(everyDay())], // never
    ];
    for (const [now, opening] of cases) {
      expect(errorTextIn("en", closedNowSaid("Cafe", now, opening))).toBe(closedNowMessage("Cafe", now, opening, EN_SLOTS));
      expect(errorTextIn("es", closedNowSaid("Cafe", now, opening))).toBe(closedNowMessage("Cafe", now, opening, spanish));
    }
    expect(errorTextIn("en", closedNowSaid("Cafe", cases[2]![0], cases[2]![1]))).toBe("Cafe is closed right now. You can schedule an order for Tue 11:00 AM.");
  });

  it("says the kitchen's ready time, and a full kitchen's next free time today or another day", () => {
    expect(errorTextIn("en", notReadySaid(12, "2026-11-26T03:40:00Z", LA))).toBe(
      "Order #12 is not marked ready yet: the kitchen expects it at 7:40 PM. Mark it picked up only once the kitchen hands it to you, and confirm they did.",
    );
    expect(errorTextIn("es", notReadySaid(12, "2026-11-20T20:40:00Z", "America/New_York"))).toBe(
      "El pedido #12 aún no está marcado como listo: la cocina lo espera a las 15:40. Márcalo como recogido solo cuando la cocina te lo entregue, y confirma que lo hizo.",
    );
    expect(errorTextIn("es", notReadySaid(12, null, LA))).toBe(
      "El pedido #12 aún no está marcado como listo: la cocina aún lo está preparando. Márcalo como recogido solo cuando la cocina te lo entregue, y confirma que lo hizo.",
    );
    const now = new Date("2026-11-26T03:10:00Z"); // 7:10 PM
    const cases: [string | null, Date | null][] = [
      ["2026-11-26T04:00:00Z", null],
      ["2026-11-26T19:00:00Z", new Date("2026-11-26T04:00:00Z")],
      [null, new Date("2026-11-26T04:00:00Z")],
    ];
    for (const [next, scheduled] of cases) {
      expect(errorTextIn("en", kitchenFullSaid("Lantern", next, now, LA, scheduled))).toBe(
        kitchenFullMessage("Lantern", next, now, LA, scheduled, wordsFor("en", "lines").capacity),
      );
      expect(errorTextIn("es", kitchenFullSaid("Lantern", next, now, LA, scheduled))).toBe(kitchenFullMessage("Lantern", next, now, LA, scheduled, es.capacity, "es"));
    }
  });
});
