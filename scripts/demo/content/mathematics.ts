/** Mathematics content for `demo-math-word`: arithmetic word problems with units, algebra, probability. */
import { Difficulty, SampleDraft, num } from "./types";

interface Problem {
  text: string;
  answer: string;
  diff?: Difficulty;
  tag?: string;
}

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}
function frac(n: number, d: number): string {
  const g = gcd(n, d);
  return d / g === 1 ? String(n / g) : `${n / g}/${d / g}`;
}

function arithmetic(): Problem[] {
  const out: Problem[] = [];
  for (const [d, t, t2, v] of [[240, 3, 5, "train"], [180, 2, 7, "cyclist"], [405, 4.5, 2, "bus"], [90, 1.5, 4, "ferry"]] as const) {
    out.push({ text: `A ${v} travels ${d} km in ${t} hours. At the same average speed, how far does it travel in ${t2} hours?`, answer: `${num((d / t) * t2)} km`, tag: "rates", diff: "easy" });
  }
  for (const [n, c, m, item] of [[6, 9.6, 15, "notebooks"], [4, 7, 11, "bags of flour"], [12, 3.6, 20, "pencils"]] as const) {
    out.push({ text: `${n} ${item} cost $${c.toFixed(2)}. At the same unit price, how much do ${m} ${item} cost?`, answer: `$${((c / n) * m).toFixed(2)}`, tag: "unit price", diff: "easy" });
  }
  for (const [p, off, tax] of [[80, 25, 8], [150, 40, 5], [64, 12.5, 10]] as const) {
    const final = p * (1 - off / 100) * (1 + tax / 100);
    out.push({ text: `A jacket is priced at $${p}. It is discounted by ${off}% and then a ${tax}% sales tax is applied to the discounted price. What is the final price?`, answer: `$${final.toFixed(2)}`, tag: "percentages" });
  }
  for (const [a, b] of [[3, 6], [4, 12], [10, 15]] as const) {
    const t = (a * b) / (a + b);
    out.push({ text: `One pipe fills a water tank in ${a} hours and a second pipe fills it in ${b} hours. How many hours do the two pipes take to fill the empty tank together?`, answer: `${num(t)} hours`, tag: "work rates", diff: "hard" });
  }
  for (const [l100, dist] of [[6.5, 420], [8, 275], [5.2, 650]] as const) {
    out.push({ text: `A car uses ${l100} liters of fuel per 100 km. How many liters does it need for a ${dist} km trip?`, answer: `${num((l100 * dist) / 100)} liters`, tag: "rates" });
  }
  for (const [l, w, price] of [[12, 8, 15], [25, 10, 9], [7.5, 4, 22]] as const) {
    out.push({ text: `A rectangular garden measures ${l} m by ${w} m. Fencing costs $${price} per meter. How much does it cost to fence the whole perimeter?`, answer: `$${num(2 * (l + w) * price)}`, tag: "geometry" });
  }
  out.push({ text: "A recipe for 4 servings needs 300 g of rice. How many grams of rice are needed for 10 servings?", answer: "750 g", tag: "proportions", diff: "easy" });
  return out;
}

function algebra(): Problem[] {
  const out: Problem[] = [];
  for (const [a, b, c] of [[3, 7, 22], [5, -4, 31], [7, 12, -9], [4, 9, 45]] as const) {
    out.push({ text: `Solve for x: ${a}x ${b < 0 ? "-" : "+"} ${Math.abs(b)} = ${c}.`, answer: `x = ${num((c - b) / a)}`, tag: "linear equations", diff: "easy" });
  }
  for (const [s, d, what] of [[50, 14, "two numbers"], [96, 20, "two numbers"], [37, 9, "two numbers"]] as const) {
    out.push({ text: `The sum of ${what} is ${s} and their difference is ${d}. What are the numbers?`, answer: `${num((s + d) / 2)} and ${num((s - d) / 2)}`, tag: "systems of equations" });
  }
  for (const [k, n, m] of [[3, 10, 2], [4, 16, 2], [5, 12, 3]] as const) {
    // parent = k * child now; in n years parent = m * child  =>  k c + n = m (c + n)  =>  c = n (m - 1) / (k - m)
    const child = (n * (m - 1)) / (k - m);
    out.push({ text: `A mother is ${k} times as old as her son. In ${n} years she will be ${m} times as old as he will be. How old is the son now?`, answer: `${num(child)} years old`, tag: "age problems", diff: "hard" });
  }
  for (const [r1, r2] of [[2, 3], [-4, 1], [5, -2], [-3, -6]] as const) {
    const b = -(r1 + r2);
    const c = r1 * r2;
    const sb = b < 0 ? `- ${-b}x` : b === 0 ? "" : `+ ${b}x`;
    const sc = c < 0 ? `- ${-c}` : `+ ${c}`;
    out.push({ text: `Find all real solutions of the quadratic equation x² ${sb} ${sc} = 0.`, answer: `x = ${Math.min(r1, r2)} or x = ${Math.max(r1, r2)}`, tag: "quadratic equations" });
  }
  for (const [adult, child, total, revenue] of [[12, 5, 200, 1770], [9, 4, 150, 1000]] as const) {
    const a = (revenue - child * total) / (adult - child);
    out.push({ text: `A theater sold ${total} tickets for $${revenue}. Adult tickets cost $${adult} and child tickets cost $${child}. How many adult tickets were sold?`, answer: `${num(a)} adult tickets`, tag: "systems of equations" });
  }
  for (const [x1, y1, x2, y2] of [[1, 3, 4, 9], [-2, 5, 2, -3], [0, -1, 5, 9], [2, 2, 6, 4]] as const) {
    const m = (y2 - y1) / (x2 - x1);
    const b = y1 - m * x1;
    out.push({ text: `Find the equation of the line through the points (${x1}, ${y1}) and (${x2}, ${y2}) in slope-intercept form.`, answer: `y = ${num(m)}x ${b < 0 ? "-" : "+"} ${num(Math.abs(b))}`, tag: "linear functions" });
  }
  return out;
}

function probability(): Problem[] {
  const out: Problem[] = [];
  for (const s of [7, 9, 4, 11]) {
    let ways = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b === s) ways++;
    out.push({ text: `Two fair six-sided dice are rolled. What is the probability that the sum is ${s}?`, answer: frac(ways, 36), tag: "dice", diff: "easy" });
  }
  for (const [r, b, color] of [[5, 3, "red"], [4, 6, "blue"], [7, 2, "red"]] as const) {
    const n = r + b;
    const first = color === "red" ? r : b;
    out.push({ text: `A bag contains ${r} red and ${b} blue marbles. Two marbles are drawn without replacement. What is the probability that both are ${color}?`, answer: frac(first * (first - 1), n * (n - 1)), tag: "combinatorics" });
  }
  for (const n of [3, 4, 5]) {
    out.push({ text: `A fair coin is tossed ${n} times. What is the probability of getting at least one head?`, answer: frac(2 ** n - 1, 2 ** n), tag: "complement rule", diff: "easy" });
  }
  for (const [n, k] of [[5, 2], [6, 3], [4, 1]] as const) {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    out.push({ text: `A fair coin is tossed ${n} times. What is the probability of getting exactly ${k} heads?`, answer: frac(c, 2 ** n), tag: "binomial distribution" });
  }
  for (const [prev, sens, spec] of [[1, 99, 95], [2, 90, 90], [5, 80, 96]] as const) {
    const tp = prev * sens;
    const fp = (100 - prev) * (100 - spec);
    out.push({ text: `A disease affects ${prev}% of a population. A test detects it with ${sens}% sensitivity and has ${spec}% specificity. If a randomly chosen person tests positive, what is the probability they have the disease (Bayes' theorem)? Give a fraction.`, answer: frac(tp, tp + fp), tag: "conditional probability", diff: "hard" });
  }
  for (const [win, p, cost] of [[10, 6, 2], [30, 10, 2]] as const) {
    const ev = win / p - cost;
    out.push({ text: `A game costs $${cost} to play. You roll a fair ${p}-sided die and win $${win} if it shows ${p}, otherwise nothing. What is the expected net gain per game?`, answer: ev < 0 ? `-$${num(-ev)}` : `$${num(ev)}`, tag: "expected value" });
  }
  out.push({ text: "Three cards are drawn without replacement from a standard 52-card deck. What is the probability that all three are hearts?", answer: frac(13 * 12 * 11, 52 * 51 * 50), tag: "combinatorics", diff: "hard" });
  out.push({ text: "In a class of 23 students, what is the probability that at least two share a birthday, ignoring leap years? Give the answer to three decimal places.", answer: "0.507", tag: "birthday problem", diff: "hard" });
  return out;
}

/** Unit-test criteria for math responses. SHOW_STEPS is graded on an explicit 0–10 scale. */
export const MATH_CRITERION_BY_SUBTOPIC: Record<string, string> = {
  "arithmetic word problems": "States the final answer with units",
  algebra: "Checks the solution by substituting it back",
  probability: "Expresses the probability as a simplified fraction",
};
export const MATH_SHOW_STEPS = "Shows each intermediate computation";
export const MATH_SHOW_STEPS_SCALE: [number, number] = [0, 10];

export function mathematicsDrafts(): SampleDraft[] {
  const mk = (ps: Problem[], sub: string): SampleDraft[] =>
    ps.map((p) => ({
      input: p.text,
      reference: p.answer,
      tags: p.tag ? ["mathematics", sub, p.tag] : ["mathematics", sub],
      difficulty: p.diff,
    }));
  return [
    ...mk(arithmetic(), "arithmetic word problems"),
    ...mk(algebra(), "algebra"),
    ...mk(probability(), "probability"),
  ];
}
