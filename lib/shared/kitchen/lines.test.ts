import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import esServer from "@/lib/i18n/areas/server.es.json";
import { wordsFor } from "@/lib/i18n/translate";
import type { OrderDelivery } from "../delivery/delivery";
import { said } from "../words/said";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { courierStatusLine, courierTimingNote } from "../delivery/delivery-text";
import { distanceIn, unitWords } from "../delivery/distance";
import { firstFreeSlot, freeSlotLabel, kitchenFullMessage } from "./kitchen-capacity";
import { kitchenFreeLabelIn, pausedLabelIn, pausedMessageIn, pausedSaid, reopensLabelIn } from "./kitchen-lines";
import { everyDay, type OpeningHours } from "../time/opening-hours";
import { bagsText, packingSummary } from "./packing";
import { kitchenAddedText } from "../orders/order-stages";
import { lateEstimate } from "../delivery/late-estimate";
import { START_WORDS, startCookingCue } from "./start-cooking";
import { WAIT_WORDS, waitPayLine } from "../money/wait-pay";
import { closedNowMessage, scheduleSlots, slotToPreselect } from "../time/schedule";

// lib/shared's lines in the reader's language (the catalogue's `lines`): English without words is
// the catalogue's English, byte for byte; Spanish with the Spanish words.

const en = wordsFor("en", "lines");
const EN_SLOTS = { words: ENGLISH.lines.slots, locale: "en" as const };
const es = wordsFor("es", "lines");
const units = unitWords(wordsFor("es", "courier"));
const TZ = "America/Los_Angeles";

describe("the English defaults are the catalogue's", () => {
  it("hold the same words", () => {
    const until = "2026-11-21T03:40:00Z";
    // The pause line in English as kitchen-text.ts wrote it before the catalogue's took its place, and the 409's.
    const zones = { [TZ]: "7:40 PM", UTC: "3:40 AM", "Asia/Tokyo": "12:40 PM" };
    for (const [zone, time] of Object.entries(zones)) {
      expect(pausedLabelIn(until, zone, en.kitchen, "en")).toBe(`Not taking orders until ${time}`);
      expect(inEnglish(pausedSaid("Cafe", until, zone))).toBe(pausedMessageIn("Cafe", until, zone, en.kitchen, "en"));
    }
  });
});

describe("the kitchen's lines", () => {
  const until = "2026-11-21T03:40:00Z"; // 7:40 PM in Los Angeles
  it("in English, as before", () => {
    expect(pausedLabelIn(until, TZ, en.kitchen, "en")).toBe("Not taking orders until 7:40 PM");
    expect(reopensLabelIn(until, TZ, en.kitchen, "en")).toBe("Opens again at 7:40 PM");
    expect(kitchenFreeLabelIn(until, TZ, en.kitchen, "en")).toBe("Kitchen full until 7:40 PM");
    expect(inEnglish(pausedSaid("Cafe", until, TZ))).toBe("Cafe is not taking orders until 7:40 PM. You can schedule an order for later.");
  });
  it("in Spanish", () => {
    expect(pausedLabelIn(until, TZ, es.kitchen, "es")).toBe("No acepta pedidos hasta las 19:40");
    expect(reopensLabelIn(until, TZ, es.kitchen, "es")).toBe("Vuelve a abrir a las 19:40");
    expect(kitchenFreeLabelIn(until, TZ, es.kitchen, "es")).toBe("Cocina llena hasta las 19:40");
    expect(pausedMessageIn("Café {time}", until, TZ, es.kitchen, "es")).toBe("Café {time} no acepta pedidos hasta las 19:40. Puedes programar un pedido para más tarde.");
  });
});

describe("the schedule's slots", () => {
  const evenings: OpeningHours = { timeZone: TZ, hours: everyDay({ open: "17:00", close: "20:00" }), closures: [] };
  const sat10 = new Date("2026-11-21T18:00:00Z"); // Saturday 10:00 local
  const spanish = { words: es.slots, locale: "es" as const };
  it("in English, as before", () => {
    const days = scheduleSlots(sat10, evenings, EN_SLOTS);
    expect(days.slice(0, 3).map((d) => d.label)).toEqual(["Today", "Tomorrow", "Mon, Nov 23"]);
    expect(slotToPreselect(sat10, evenings, EN_SLOTS).slot?.label).toBe("Today, 5:00 PM");
    expect(closedNowMessage("Cafe", sat10, evenings, EN_SLOTS)).toBe("Cafe is closed right now. You can schedule an order for today at 5:00 PM.");
  });
  it("in Spanish: the days' names and the times", () => {
    const days = scheduleSlots(sat10, evenings, spanish);
    expect(days.slice(0, 3).map((d) => d.label)).toEqual(["Hoy", "Mañana", "lun, 23 nov"]);
    expect(days[0]!.slots[0]!.label).toBe("17:00");
    expect(slotToPreselect(sat10, evenings, spanish).slot).toEqual({ value: "2026-11-22T01:00:00.000Z", label: "Hoy, 17:00" });
    expect(closedNowMessage("Cafe", sat10, evenings, spanish)).toBe("Cafe está cerrado en este momento. Puedes programar un pedido para hoy a las 17:00.");
    expect(closedNowMessage("Cafe", new Date("2026-11-22T05:00:00Z"), evenings, spanish)).toBe(
      "Cafe está cerrado en este momento. Puedes programar un pedido para mañana a las 17:00.",
    );
    const never: OpeningHours = { ...evenings, hours: everyDay() };
    expect(closedNowMessage("Cafe", sat10, never, spanish)).toBe("Cafe está cerrado en este momento y no tiene horarios de entrega en los próximos 7 días.");
  });
});

describe("the board's courier lines", () => {
  const base: NonNullable<OrderDelivery> = {
    state: "unassigned",
    gaveUp: false,
    arrivedAt: null,
    failureReason: null,
    restaurant: { lat: 40.74, lng: -73.99 },
    dropoff: { lat: 40.73, lng: -73.98 },
  };
  const dev = { id: 7, firstName: "Dev" };
  const spanish = { board: es.board, units, locale: "es" as const };
  it("in Spanish, with the distance and the time the Spanish way", () => {
    expect(courierStatusLine(null, base, "UTC", spanish)).toBe("Buscando repartidor");
    expect(courierStatusLine(dev, { ...base, state: "assigned", distanceKm: 1.234 }, "UTC", spanish)).toBe("Dev llega en unos 5 min, 1,2 km");
    expect(courierStatusLine(dev, { ...base, state: "assigned" }, "UTC", spanish)).toBe("Dev va camino al restaurante");
    expect(courierStatusLine(dev, { ...base, state: "at_pickup", arrivedAt: "2026-11-20T20:03:00Z" }, "UTC", spanish)).toBe("Dev llegó a las 20:03");
    expect(courierStatusLine(dev, { ...base, state: "at_pickup" }, "UTC", spanish)).toBe("Dev está en el restaurante");
    expect(courierStatusLine(dev, { ...base, state: "picked_up" }, "UTC", spanish)).toBe("Recogido por Dev");
    expect(courierStatusLine(dev, { ...base, state: "delivered", handedOverEarly: true }, "UTC", spanish)).toBe(
      "Entregado por Dev · se entregó antes de que se marcara como listo",
    );
    expect(courierStatusLine(dev, { ...base, state: "failed", failureReason: "No contesta" }, "UTC", spanish)).toBe("La entrega falló: No contesta");
    expect(courierStatusLine(dev, { ...base, state: "failed" }, "UTC", spanish)).toBe("La entrega falló");
  });
  it("in English with the catalogue's words", () => {
    const english = { board: en.board, units: unitWords(wordsFor("en", "courier")) };
    const lines = [base, { ...base, state: "assigned" as const, distanceKm: 0.35 }, { ...base, state: "failed" as const, failureReason: "x" }];
    expect(lines.map((delivery) => courierStatusLine(dev, delivery, "UTC", english))).toEqual([
      "Finding a courier",
      "Dev arrives in about 1 min, 350 m",
      "Delivery failed: x",
    ]);
  });
  it("the timing notes", () => {
    const NOW = Date.parse("2026-11-20T20:00:00Z");
    const coming = { ...base, state: "assigned" as const, distanceKm: 1.25 };
    const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
    expect(courierTimingNote(dev, coming, at(17), NOW, "UTC", spanish)).toBe("Dev esperará unos 12 min: la comida estará lista a las 20:17");
    expect(courierTimingNote(dev, { ...coming, distanceKm: 5 }, at(2), NOW, "UTC", spanish)).toBe("La comida esperará unos 18 min a Dev");
  });
  it("a distance in the reader's units", () => {
    expect(distanceIn(0.35, units)).toBe("350 m");
    expect(distanceIn(1.25, units)).toBe("1,3 km");
  });
});

describe("the packing lines", () => {
  it("in Spanish", () => {
    const lines = [
      { packedAt: "2026-11-20T20:02:00Z", packedBy: "Ana" },
      { packedAt: "2026-11-20T20:01:00Z", packedBy: null },
      { packedAt: null, packedBy: null },
    ];
    expect(packingSummary(lines, "UTC", ENGLISH.lines.packing)).toBe("packed 2/3, Ana, 8:02 PM");
    expect(packingSummary(lines, "UTC", es.packing, "es")).toBe("empacado 2/3, Ana, 20:02");
    expect(packingSummary([lines[1]!], "UTC", es.packing, "es")).toBe("empacado 1/1, personal, 20:01");
    expect([bagsText(1, ENGLISH.lines.packing), bagsText(2, ENGLISH.lines.packing)]).toEqual(["1 bag", "2 bags"]);
    expect([bagsText(1, es.packing), bagsText(3, es.packing)]).toEqual(["1 bolsa", "3 bolsas"]);
  });
});

describe("a full kitchen's refusal and its next free slot", () => {
  const LA = TZ;
  const now = new Date("2026-11-26T03:10:00Z"); // 7:10 PM
  const spanish = { words: es.slots, locale: "es" as const };
  it("in Spanish", () => {
    expect(kitchenFullMessage("Lantern", "2026-11-26T04:00:00Z", now, LA, null, es.capacity, "es")).toBe(
      "La cocina de Lantern está llena en este momento. El próximo horario libre es 20:00: programa tu pedido para entonces.",
    );
    expect(kitchenFullMessage("Lantern", null, now, LA, new Date("2026-11-26T04:00:00Z"), es.capacity, "es")).toBe(
      "La cocina de Lantern está llena a esa hora (20:00). No tiene horarios libres en los próximos 7 días.",
    );
    expect(freeSlotLabel("2026-11-26T04:00:00Z", now, LA, spanish)).toBe("Hoy, 20:00");
    expect(freeSlotLabel("2026-11-26T19:00:00Z", now, LA, spanish)).toBe("26 nov, 11:00");
    const days = scheduleSlots(now, { timeZone: LA, hours: everyDay({ open: "11:00", close: "22:00" }), closures: [] }, spanish);
    expect(firstFreeSlot(days, new Map(), 2, null, es.slots.slot)?.label).toBe("Hoy, 20:00");
  });
  it("in English with the catalogue's words, as without", () => {
    const at = new Date("2026-11-26T04:00:00Z");
    expect(kitchenFullMessage("Lantern", "2026-11-26T19:00:00Z", now, LA, at, en.capacity, "en")).toBe(
      "Lantern's kitchen is full at 8:00 PM. The next free time is Nov 26, 11:00 AM: schedule your order for then.",
    );
    expect(freeSlotLabel(at, now, LA, { words: en.slots, locale: "en" })).toBe(freeSlotLabel(at, now, LA));
  });
});

describe("a message thread's empty message", () => {
  it("is the server's rule, in the page's words", () => {
    expect(ENGLISH.lines.messages.empty).toBe(inEnglish(said("messages.messageEmpty")));
    expect(es.messages.empty).toBe(esServer.errors.messages.messageEmpty);
  });
});

describe("the board's start-cooking and wait-pay cues", () => {
  it("English's are the catalogue's; Spanish with its words and amounts", () => {
    expect({ ...START_WORDS, ...WAIT_WORDS }).toEqual(ENGLISH.lines.cue);
    const now = Date.parse("2026-11-20T20:00:00Z");
    const ready = new Date(now + 20 * 60_000).toISOString();
    expect(startCookingCue(10, undefined, ready, now)).toEqual({ inMinutes: 10, text: "Start cooking in ~10 min", why: "(when the courier is 10 min away)" });
    expect(startCookingCue(10, { state: "at_pickup", gaveUp: false, arrivedAt: null, failureReason: null } as never, ready, now, es.cue, "Luis")?.text).toBe(
      "Luis está esperando: empieza a cocinar ya",
    );
    expect(startCookingCue(10, undefined, ready, now, es.cue)).toEqual({
      inMinutes: 10,
      text: "Empieza a cocinar en ~10 min",
      why: "(cuando el repartidor esté a 10 min)",
    });
    expect(startCookingCue(30, undefined, ready, now, es.cue)?.text).toBe("Empieza a cocinar ya");
    expect(waitPayLine(7, 175, false)).toBe("Courier waiting 7 min, $1.75");
    expect(waitPayLine(7, 175, true)).toBe("Courier waited 7 min: $1.75 wait pay");
    expect(waitPayLine(7, 175, false, es.cue, "es")).toBe("Repartidor esperando 7 min, 1,75\u00a0US$");
    expect(waitPayLine(7, 175, true, es.cue, "es")).toBe("El repartidor esperó 7 min: 1,75\u00a0US$ de pago por espera");
  });
});

describe("what the kitchen added, on the customer's order page", () => {
  it("English's is the catalogue's; Spanish with its words", () => {
    expect(kitchenAddedText(10, en.order.kitchenAdded)).toBe(kitchenAddedText(10));
    expect(kitchenAddedText(10)).toBe("The kitchen added 10 minutes");
    expect(kitchenAddedText(10, es.order.kitchenAdded)).toBe("La cocina añadió 10 minutos");
  });
});

describe("a late order's fresh estimate, why", () => {
  it("English's are the catalogue's; Spanish with its words and decimal mark", () => {
    // The tracking page's statuses: the API's statusText, English's the catalogue's.
    expect(ENGLISH.lines.deliveryStatus.courier_at_pickup).toBe("The courier is at the restaurant");
    const now = Date.parse("2026-11-20T20:00:00Z");
    const job = { state: "picked_up" as const, restaurant: { lat: 40.74, lng: -73.99 }, dropoff: { lat: 40.73, lng: -73.98 }, distanceKm: 1.5 };
    const riding = { stage: "out_for_delivery", pickup: false, estimatedReadyAt: null, delivery: job };
    expect(lateEstimate(riding, now, ENGLISH.lines.late).why).toBe("Your courier is 1.5 km away.");
    expect(lateEstimate(riding, now, es.late).why).toBe("Tu repartidor está a 1,5 km.");
    expect(lateEstimate({ ...riding, stage: "ready", delivery: null }, now, es.late).why).toBe("Estamos buscando un repartidor.");
    expect(lateEstimate({ ...riding, stage: "accepted", delivery: null }, now, es.late).why).toBe("La cocina aún lo está preparando.");
    expect(lateEstimate({ ...riding, stage: "ready", pickup: true, delivery: null }, now, es.late).why).toBe("Está listo: recógelo en el restaurante.");
    expect(lateEstimate({ ...riding, stage: "ready", pickup: true, delivery: null }, now, ENGLISH.lines.late).why).toBe("It's ready: collect it at the restaurant.");
  });
});
