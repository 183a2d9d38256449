import { describe, expect, it } from "vitest";
import { plantedLeader, plantedSkill } from "../planted";
import { VISION_MODELS, VISION_TASKS, plantedVisionLeader, visionSkill } from "./skills";

const BASELINE = "reference-4o-mini";

describe("the vision demo's planted skills", () => {
  it("each task has its own leader", () => {
    expect(new Set(VISION_TASKS.map(plantedVisionLeader)).size).toBe(VISION_TASKS.length);
  });

  it("leave the text demo's overall leader on top of the whole pool, by a clear margin over every vision model", () => {
    // Both demos share the baseline: a vision model's place in the whole pool is its mean skill over
    // the vision tasks above the baseline's, a text model's its overall skill above the baseline's.
    const leader = plantedLeader("overall");
    const textMargin = plantedSkill(leader, "overall") - plantedSkill(BASELINE, "overall");
    for (const m of VISION_MODELS) {
      const mean = VISION_TASKS.reduce((s, t) => s + visionSkill(m, t) - visionSkill(BASELINE, t), 0) / VISION_TASKS.length;
      expect(textMargin - mean, m).toBeGreaterThanOrEqual(0.25);
    }
  });
});
