import { describe, expect, it } from "vitest";
import { ORDER_STAGES, STATUS_OF_STAGE, isOpenStage, stageLabel } from "@/lib/shared/order-stages";
import { openStageLabel, statusLabel } from "./open-stage-label";

describe("the orders list's stage words", () => {
  it("are stageLabel()'s for every open stage, delivery or pickup, and none for the others", () => {
    for (const stage of ORDER_STAGES) {
      for (const option of ["standard", "pickup", null]) {
        expect(openStageLabel(stage, option)).toBe(isOpenStage(stage) ? stageLabel(stage, option) : null);
      }
    }
    expect(openStageLabel(null, null)).toBeNull();
  });

  it("name the status pill with stageLabel()'s words once the order left the placed stage", () => {
    for (const stage of ORDER_STAGES) {
      for (const option of ["standard", "pickup", null]) {
        const status = STATUS_OF_STAGE[stage];
        expect(statusLabel(status, stage, option)).toBe(stage === "placed" ? "Submitted" : stageLabel(stage, option));
      }
    }
  });

  it("keep the spec's words for an order at checkout, a placed one and one from before the stages", () => {
    expect(statusLabel("Active", null, null)).toBe("Active · at checkout");
    expect(statusLabel("Submitted", "placed", "standard")).toBe("Submitted");
    expect(statusLabel("Completed", null, null)).toBe("Completed");
  });
});
