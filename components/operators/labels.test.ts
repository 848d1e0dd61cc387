import { describe, expect, it } from "vitest";
import { ENGLISH, SOURCES } from "@/lib/i18n/catalogues";
import { entryLabel, eventLabel, jobStateLabel, paymentStateLabel, stageLabel, type ConsoleLabels } from "./labels";

const es = SOURCES.es as typeof ENGLISH;
const labelsOf = (catalogue: typeof ENGLISH): ConsoleLabels => ({ stages: catalogue.order.label, timeline: catalogue.order.timeline, ...catalogue.admin.labels });

describe("the console's labels", () => {
  it("in English read as they always did", () => {
    const english = labelsOf(ENGLISH);
    expect(stageLabel("expired", english)).toBe("Not confirmed");
    expect(jobStateLabel("assigned", english)).toBe("Courier on the way to the restaurant");
    expect(eventLabel("courier_released", english)).toBe("Courier gave the delivery back");
    expect(entryLabel("settlement", english)).toBe("Split");
    expect(paymentStateLabel("requires_action", english)).toBe("Waiting for the customer");
  });

  it("read the request's language, and a value not listed as its own words", () => {
    const spanish = labelsOf(es);
    expect(stageLabel("out_for_delivery", spanish)).toBe("En camino");
    expect(stageLabel(null, spanish)).toBe("En el pago");
    expect(jobStateLabel("picked_up", spanish)).toBe("Repartidor en camino al cliente");
    expect(eventLabel("placed", spanish)).toBe("Pedido realizado");
    expect(eventLabel("courier_arrived", spanish)).toBe("El repartidor llegó");
    expect(entryLabel("refund", spanish)).toBe("Reembolso");
    expect(paymentStateLabel("captured", spanish)).toBe("Cobrado");
    expect(stageLabel("some_new_thing", spanish)).toBe("Some new thing");
    expect(stageLabel(undefined, labelsOf(ENGLISH))).toBe("At checkout");
  });
});
