import { describe, expect, it } from "vitest";
import { ENGLISH, SOURCES } from "@/lib/i18n/catalogues";
import { FORWARD_STAGES, forwardStages, nextForwardStage, stageLabel, stagesAhead, timelineSteps, type StageWords } from "./order-stages";

const en = ENGLISH.order as unknown as StageWords;

describe("pickup stages", () => {
  it("a pickup skips out_for_delivery: placed -> accepted -> ready -> delivered", () => {
    expect(forwardStages("pickup")).toEqual(["placed", "accepted", "ready", "delivered"]);
    expect(forwardStages("standard")).toEqual(FORWARD_STAGES);
    expect(forwardStages(null)).toEqual(FORWARD_STAGES);
  });

  it("the owner's step after ready is picked up (delivered) for a pickup, out for delivery otherwise", () => {
    expect(nextForwardStage("ready", "pickup")).toBe("delivered");
    expect(nextForwardStage("ready", "schedule")).toBe("out_for_delivery");
    expect(nextForwardStage("accepted", "pickup")).toBe("ready");
    expect(nextForwardStage("delivered", "pickup")).toBeNull();
    expect(nextForwardStage("rejected", "pickup")).toBeNull();
  });

  it("names delivered 'Picked up' and ready 'Ready for pickup' for a pickup order, in every wording", () => {
    expect(stageLabel("delivered", "pickup", "label", en)).toBe("Picked up");
    expect(stageLabel("ready", "pickup", "label", en)).toBe("Ready for pickup");
    expect(stageLabel("delivered", "pickup", "timeline", en)).toBe("Picked up");
    expect(stageLabel("delivered", "pickup", "headline", en)).toBe("Your order was picked up");
    expect(stageLabel("accepted", "pickup", "label", en)).toBe("Preparing");
    expect(stageLabel("delivered", "standard", "label", en)).toBe("Delivered");
    expect(stageLabel("ready", "priority", "label", en)).toBe("Ready");
    expect(stageLabel("delivered", null, "headline", en)).toBe("Your order was delivered");
    expect(stageLabel("expired", null, "timeline", en)).toBe("Not confirmed by the restaurant");
    const es = { ...ENGLISH.order, ...(SOURCES.es as typeof ENGLISH).order } as unknown as StageWords;
    expect(stageLabel("delivered", "pickup", "label", es)).not.toBe("Picked up");
  });
});

describe("the steps still ahead (the order page's timeline)", () => {
  it("are the happy path's steps after the current one: a step skipped on the way (ready, when a courier picks up an accepted order) is not ahead", () => {
    expect(stagesAhead("accepted", "standard")).toEqual(["ready", "out_for_delivery", "delivered"]);
    expect(stagesAhead("out_for_delivery", "standard")).toEqual(["delivered"]);
    expect(stagesAhead("ready", "pickup")).toEqual(["delivered"]);
    expect(stagesAhead("delivered", "standard")).toEqual([]);
    expect(stagesAhead("canceled", "standard")).toEqual([]);
  });
});

describe("the timeline's steps", () => {
  const placed = { stage: "placed" as const, at: "2026-11-20T20:00:00Z" };
  const accepted = { stage: "accepted" as const, at: "2026-11-20T20:01:00Z" };
  const out = { stage: "out_for_delivery" as const, at: "2026-11-20T20:05:00Z" };
  it("shows the ready step of an order the kitchen handed over before marking it ready, at the pickup's time and marked early", () => {
    expect(timelineSteps([placed, accepted, out], true)).toEqual([placed, accepted, { stage: "ready", at: out.at, early: true }, out]);
  });
  it("leaves every other timeline as it is", () => {
    expect(timelineSteps([placed, accepted, out], false)).toEqual([placed, accepted, out]);
    const ready = { stage: "ready" as const, at: "2026-11-20T20:04:00Z" };
    expect(timelineSteps([placed, accepted, ready, out], true)).toEqual([placed, accepted, ready, out]);
    expect(timelineSteps([placed, accepted], true)).toEqual([placed, accepted]);
  });
});
