/**
 * The vision-language part of the demo: fictional VLMs, five tasks and the latent skill of each
 * model on each (logit scale, as ../skills.ts). reference-4o-mini, the portal's baseline, is
 * among them, so the vision models join the text models in one comparison graph.
 *
 * The text demo's overall leader stays the leader of the whole pool: prism-vl-72b, the strongest
 * generalist here, is 0.32 logits above the baseline on average, atlas-70b-instruct 0.62 on text
 * (skills.test.ts keeps the margin).
 *
 * Intended leaders (argmax per task; vision.int.test.ts checks that the portal recovers them):
 *   vl-charts         lens-chart-8b     (chart specialist)
 *   vl-counting       tally-vl-7b       (counting specialist)
 *   vl-colours        hue-material-13b  (colour and material)
 *   vl-captions       muse-caption-11b  (captioning, scored 1–10)
 *   vl-caption-pairs  prism-vl-72b      (pairwise preference between captions)
 */
export const VISION_TASKS = ["vl-charts", "vl-counting", "vl-colours", "vl-captions", "vl-caption-pairs"] as const;
export type VisionTask = (typeof VISION_TASKS)[number];

// prettier-ignore
const MATRIX: [model: string, skills: number[]][] = [
  //                     charts count colour capt  pairs
  ["prism-vl-72b",      [ 0.9,  0.7,  0.8,  0.9,  2.2]],
  ["lens-chart-8b",     [ 2.8,  0.3,  0.2,  0.1,  0.2]],
  ["tally-vl-7b",       [ 0.4,  2.7,  0.3,  0.0,  0.1]],
  ["hue-material-13b",  [ 0.3,  0.2,  2.7,  0.4,  0.5]],
  ["muse-caption-11b",  [ 0.2,  0.1,  0.6,  2.8,  1.2]],
  ["reference-4o-mini", [ 0.8,  0.7,  0.8,  0.8,  0.8]],
  ["pixel-vl-2b",       [-0.8, -0.6, -0.7, -0.9, -0.8]],
];

export const VISION_MODELS: readonly string[] = MATRIX.map(([m]) => m);

export function visionSkill(model: string, task: VisionTask): number {
  const row = MATRIX.find(([m]) => m === model);
  if (!row) throw new Error(`unknown vision model ${model}`);
  return row[1][VISION_TASKS.indexOf(task)];
}

/** The planted leader of a task: its strongest model. */
export function plantedVisionLeader(task: VisionTask): string {
  return [...VISION_MODELS].sort((a, b) => visionSkill(b, task) - visionSkill(a, task))[0];
}
