/**
 * The demo's images, drawn as SVG and rendered to PNG by sharp: bar charts, shapes to count,
 * coloured objects of a material, and small scenes to caption. Deterministic: every choice comes
 * from the caller's seeded Rng, and the SVG text is fixed, so the same seed draws the same picture.
 */
import sharp from "sharp";
import type { Rng } from "../rng";

const W = 320;
const H = 240;

function svg(body: string, background = "#fbfaf7"): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${background}"/>${body}</svg>`;
}

export async function render(svgText: string): Promise<Buffer> {
  return sharp(Buffer.from(svgText)).png({ compressionLevel: 9, palette: false }).toBuffer();
}

export const BAR_LABELS = ["A", "B", "C", "D", "E"];
const BAR_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1"];

/** A bar chart of `values` (0–10) with labelled bars and a y axis. */
export function barChart(values: number[]): string {
  const bw = 40;
  const bars = values
    .map((v, i) => {
      const h = v * 18;
      const x = 50 + i * 52;
      return `<rect x="${x}" y="${210 - h}" width="${bw}" height="${h}" fill="${BAR_COLOURS[i]}"/><text x="${x + bw / 2}" y="228" font-size="14" text-anchor="middle" font-family="sans-serif">${BAR_LABELS[i]}</text>`;
    })
    .join("");
  const ticks = [0, 5, 10].map((t) => `<text x="36" y="${214 - t * 18}" font-size="11" text-anchor="end" font-family="sans-serif">${t}</text>`).join("");
  return svg(`<line x1="44" y1="210" x2="310" y2="210" stroke="#333"/><line x1="44" y1="20" x2="44" y2="210" stroke="#333"/>${ticks}${bars}`);
}

export const SHAPES = ["circle", "square", "triangle"] as const;
export type Shape = (typeof SHAPES)[number];

function shapeAt(shape: Shape, x: number, y: number, r: number, fill: string): string {
  if (shape === "circle") return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;
  if (shape === "square") return `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" fill="${fill}"/>`;
  return `<polygon points="${x},${y - r} ${x - r},${y + r} ${x + r},${y + r}" fill="${fill}"/>`;
}

/** `counts[shape]` shapes of each kind on a 8×6 grid of cells, placed by the Rng. */
export function shapesScene(counts: Record<Shape, number>, rng: Rng): string {
  const cells = Array.from({ length: 48 }, (_, i) => i);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  let k = 0;
  const body = SHAPES.flatMap((shape, s) =>
    Array.from({ length: counts[shape] }, () => {
      const c = cells[k++];
      return shapeAt(shape, 20 + (c % 8) * 40, 20 + Math.floor(c / 8) * 40, 13, ["#d62728", "#1f77b4", "#2ca02c"][s]);
    }),
  ).join("");
  return svg(body);
}

export const COLOURS: Record<string, string> = { red: "#c62828", blue: "#1565c0", green: "#2e7d32", yellow: "#f9a825", purple: "#6a1b9a", orange: "#ef6c00" };
export const MATERIALS = ["metal", "wood", "glass", "rubber"] as const;

/** One object (a cube or a ball) of a colour, with a finish suggesting its material. */
export function materialObject(colour: string, material: (typeof MATERIALS)[number], ball: boolean): string {
  const fill = COLOURS[colour];
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${material === "metal" || material === "glass" ? 0.8 : 0.1}"/><stop offset="1" stop-color="${fill}"/></linearGradient></defs>`;
  const grain = material === "wood" ? [0, 1, 2, 3].map((i) => `<line x1="110" y1="${90 + i * 18}" x2="210" y2="${95 + i * 18}" stroke="#000" stroke-opacity="0.25"/>`).join("") : "";
  const opacity = material === "glass" ? 0.55 : 1;
  const shape = ball ? `<circle cx="160" cy="125" r="62" fill="url(#g)" opacity="${opacity}"/>` : `<rect x="100" y="65" width="120" height="120" rx="${material === "rubber" ? 22 : 4}" fill="url(#g)" opacity="${opacity}"/>`;
  return svg(`${defs}<ellipse cx="160" cy="200" rx="90" ry="12" fill="#000" opacity="0.15"/>${shape}${grain}`, "#eceff1");
}

/** A small scene: a sun or a moon over a house and some trees. */
export function captionScene(night: boolean, trees: number, houseColour: string): string {
  const sky = night ? "#1a237e" : "#81d4fa";
  const light = night ? `<circle cx="270" cy="45" r="22" fill="#fff9c4"/>` : `<circle cx="270" cy="45" r="26" fill="#fdd835"/>`;
  const treeSvg = Array.from({ length: trees }, (_, i) => `<rect x="${30 + i * 34}" y="160" width="8" height="30" fill="#6d4c41"/><circle cx="${34 + i * 34}" cy="150" r="16" fill="#388e3c"/>`).join("");
  const house = `<rect x="190" y="130" width="90" height="60" fill="${COLOURS[houseColour]}"/><polygon points="180,130 235,90 290,130" fill="#5d4037"/><rect x="225" y="155" width="20" height="35" fill="#3e2723"/>`;
  return svg(`<rect width="${W}" height="190" fill="${sky}"/><rect y="190" width="${W}" height="50" fill="#7cb342"/>${light}${house}${treeSvg}`);
}
