/**
 * Builds the vision-language demo bundle's lines and images (see ./skills.ts for the models and
 * tasks). Every measurement is drawn from z = skill − difficulty with the seeded Rng, as in the
 * text demo (../build.ts): accuracy lines are Bernoulli(σ(z)), caption scores 1–10 around 5.5 + 1.8 z,
 * caption preferences Bradley–Terry between the two models' skills.
 */
import type { DemoLine, SampleLine } from "../format";
import { clamp, Rng, round, sigmoid } from "../rng";
import { BAR_LABELS, barChart, captionScene, COLOURS, MATERIALS, materialObject, render, SHAPES, shapesScene, type Shape } from "./draw";
import { VISION_MODELS, visionSkill, type VisionTask } from "./skills";

export interface VisionDemo {
  lines: DemoLine[];
  images: { path: string; svg: string }[];
}

const COUNTS: Record<VisionTask, number> = { "vl-charts": 40, "vl-counting": 40, "vl-colours": 40, "vl-captions": 30, "vl-caption-pairs": 20 };
const TASK_NAMES: Record<VisionTask, string> = {
  "vl-charts": "chart reading",
  "vl-counting": "counting",
  "vl-colours": "colour and material",
  "vl-captions": "captioning",
  "vl-caption-pairs": "caption preference",
};

interface Item {
  input: string;
  reference: string;
  svg: string;
  tags: string[];
  /** A wrong answer a model might give. */
  wrong(rng: Rng): string;
}

function chartItem(rng: Rng, i: number): Item {
  const values = BAR_LABELS.map(() => 1 + rng.int(10));
  const top = values.indexOf(Math.max(...values));
  values[top] = 10;
  if (i % 2 === 0) {
    return { input: "Which bar in the chart is the tallest?", reference: BAR_LABELS[top], svg: barChart(values), tags: ["vision", "charts", "comparison"], wrong: (r) => BAR_LABELS[(top + 1 + r.int(4)) % 5] };
  }
  const b = rng.int(5);
  return {
    input: `What is the value of bar ${BAR_LABELS[b]} in the chart?`,
    reference: String(values[b]),
    svg: barChart(values),
    tags: ["vision", "charts", "value reading"],
    wrong: (r) => String(clamp(values[b] + (r.bernoulli(0.5) ? 1 : -1) * (1 + r.int(2)), 0, 11)),
  };
}

function countingItem(rng: Rng): Item {
  const counts = Object.fromEntries(SHAPES.map((s) => [s, 1 + rng.int(7)])) as Record<Shape, number>;
  const shape = SHAPES[rng.int(3)];
  return {
    input: `How many ${shape}s are in the picture?`,
    reference: String(counts[shape]),
    svg: shapesScene(counts, rng),
    tags: ["vision", "counting", shape],
    wrong: (r) => String(Math.max(0, counts[shape] + (r.bernoulli(0.5) ? 1 : -1))),
  };
}

function colourItem(rng: Rng, i: number): Item {
  const names = Object.keys(COLOURS);
  const colour = names[rng.int(names.length)];
  const material = MATERIALS[rng.int(MATERIALS.length)];
  const ball = rng.bernoulli(0.5);
  const thing = ball ? "ball" : "cube";
  const askColour = i % 2 === 0;
  return {
    input: askColour ? `What colour is the ${thing}?` : `What material does the ${thing} look like it is made of?`,
    reference: askColour ? colour : material,
    svg: materialObject(colour, material, ball),
    tags: ["vision", askColour ? "colour" : "material"],
    wrong: (r) => (askColour ? names.filter((n) => n !== colour)[r.int(names.length - 1)] : MATERIALS.filter((m) => m !== material)[r.int(MATERIALS.length - 1)]),
  };
}

function sceneCaption(night: boolean, trees: number, house: string): string {
  return `A ${house} house with a brown roof and ${trees} tree${trees === 1 ? "" : "s"} under a ${night ? "night sky with the moon" : "sunny sky"}`;
}

function captionItem(rng: Rng): Item {
  const night = rng.bernoulli(0.4);
  const trees = 1 + rng.int(4);
  const names = Object.keys(COLOURS);
  const house = names[rng.int(names.length)];
  return {
    input: "Write a one-sentence caption for the picture.",
    reference: sceneCaption(night, trees, house),
    svg: captionScene(night, trees, house),
    tags: ["vision", "captioning"],
    wrong: (r) => sceneCaption(r.bernoulli(0.5) ? !night : night, trees + 1 + r.int(2), names[(names.indexOf(house) + 1) % names.length]),
  };
}

const difficulty = (rng: Rng) => -0.4 + 1.0 * rng.normal();

export function buildVisionDemo(): VisionDemo {
  const rng = new Rng("onebench-vision-demo-v1");
  const lines: DemoLine[] = [];
  const images: VisionDemo["images"] = [];
  for (const [task, n] of Object.entries(COUNTS) as [VisionTask, number][]) {
    for (let i = 0; i < n; i++) {
      const item = task === "vl-charts" ? chartItem(rng, i) : task === "vl-counting" ? countingItem(rng) : task === "vl-colours" ? colourItem(rng, i) : captionItem(rng);
      const id = `${task}/${i}`;
      const image = `images/${task}-${i}.png`;
      images.push({ path: image, svg: item.svg });
      const sample: SampleLine = { type: "sample", id, benchmark: task, input: item.input, reference: item.reference, task: TASK_NAMES[task], tags: item.tags, image };
      lines.push(sample);
      const b = difficulty(rng);
      if (task === "vl-caption-pairs") {
        for (let a = 0; a < VISION_MODELS.length; a++) {
          for (let c = a + 1; c < VISION_MODELS.length; c++) {
            const [ma, mb] = [VISION_MODELS[a], VISION_MODELS[c]];
            const aWins = rng.bernoulli(sigmoid(visionSkill(ma, task) - visionSkill(mb, task)));
            const good = item.reference;
            lines.push({ type: "pairwise", sample: id, model_a: ma, model_b: mb, winner: aWins ? "a" : "b", output_a: aWins ? good : item.wrong(rng), output_b: aWins ? item.wrong(rng) : good, judge: "demo-judge" });
          }
        }
        continue;
      }
      for (const model of VISION_MODELS) {
        const z = visionSkill(model, task) - b;
        if (task === "vl-captions") {
          const value = clamp(round(5.5 + 1.8 * z + 0.8 * rng.normal()), 1, 10);
          lines.push({ type: "score", sample: id, model, metric: "caption-quality", value, output: value >= 7 ? item.reference : item.wrong(rng), judge: "demo-judge" });
        } else {
          const correct = rng.bernoulli(sigmoid(z));
          lines.push({ type: "score", sample: id, model, metric: "accuracy", value: correct ? 1 : 0, output: correct ? item.reference : item.wrong(rng) });
        }
      }
    }
  }
  return { lines, images };
}

/** The bundle's files: the results file and every image rendered to PNG. */
export async function visionBundleFiles(demo: VisionDemo = buildVisionDemo()): Promise<{ path: string; bytes: Buffer }[]> {
  const jsonl = demo.lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
  const images = await Promise.all(demo.images.map(async (img) => ({ path: img.path, bytes: await render(img.svg) })));
  return [{ path: "vision-demo.jsonl", bytes: Buffer.from(jsonl, "utf8") }, ...images];
}
