import { describe, expect, it } from "vitest";
import { ENGLISH, SOURCES } from "@/lib/i18n/catalogues";
import { ORDER_STAGES, STATUS_OF_STAGE, isOpenStage, stageLabel, type StageWords } from "@/lib/shared/orders/order-stages";
import { openStageLabel, statusLabel } from "./open-stage-label";

const en = ENGLISH.order;
const stageWords = en as unknown as StageWords;

describe("the orders list's stage words", () => {
  it("are stageLabel()'s for every open stage, delivery or pickup, and none for the others", () => {
    for (const stage of ORDER_STAGES) {
      for (const option of ["standard", "pickup", null]) {
        expect(openStageLabel(stage, option, en)).toBe(isOpenStage(stage) ? stageLabel(stage, option, "label", stageWords) : null);
      }
    }
    expect(openStageLabel(null, null, en)).toBeNull();
  });

  it("name the status pill with stageLabel()'s words once the order left the placed stage", () => {
    for (const stage of ORDER_STAGES) {
      for (const option of ["standard", "pickup", null]) {
        const status = STATUS_OF_STAGE[stage];
        expect(statusLabel(status, stage, option, en)).toBe(stage === "placed" ? "Submitted" : stageLabel(stage, option, "label", stageWords));
      }
    }
  });

  it("keep the spec's words for an order at checkout, a placed one and one from before the stages, in the reader's language", () => {
    expect(statusLabel("Active", null, null, en)).toBe("Active · at checkout");
    expect(statusLabel("Submitted", "placed", "standard", en)).toBe("Submitted");
    expect(statusLabel("Completed", null, null, en)).toBe("Completed");
    expect(statusLabel("Completed", "delivered", "pickup", en)).toBe("Picked up");
    const es = { ...en, ...(SOURCES.es as typeof ENGLISH).order };
    expect(statusLabel("Submitted", "out_for_delivery", "standard", es)).toBe("En camino");
  });
});
