// The AlpacaEval 1 leaderboard reproduced from the raw annotation files of 24 models
// (../shared/data/raw/alpaca-eval-1, see its README): converter + lib/ranking/win-rate.ts must give
// the published `win_rate` and `discrete_win_rate` to 1e-6. Skipped when the data is absent
// (SHARED_DATA_DIR overrides where ../shared/data is).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "../../ranking/batch-builder";
import { winRates } from "../../ranking/win-rate";
import { fileSource } from "../source";
import { alpacaEval } from "./alpaca-eval";
import { collect, ofType } from "./test-helpers";

const DIR = `${process.env.SHARED_DATA_DIR ?? fileURLToPath(new URL("../../../../shared/data/", import.meta.url))}/raw/alpaca-eval-1/`;
const CSV = `${DIR}alpaca_eval_gpt4_leaderboard.csv`;
const BASELINE = "text_davinci_003";

/** name → [win_rate, discrete_win_rate] from the published leaderboard (plain CSV: no quoted commas in it). */
function leaderboard(): Map<string, [number, number]> {
  const [header, ...rows] = readFileSync(CSV, "utf8").trim().split("\n");
  const cols = header.split(",");
  const w = cols.indexOf("win_rate");
  const d = cols.indexOf("discrete_win_rate");
  return new Map(rows.map((r) => r.split(",")).map((c) => [c[0], [Number(c[w]), c[d] === "" ? NaN : Number(c[d])]]));
}

describe.skipIf(!existsSync(CSV))("AlpacaEval 1 leaderboard from its annotation files (../shared/data/raw/alpaca-eval-1; absent: skipped)", () => {
  it("reproduces win_rate and discrete_win_rate of all 24 models to 1e-6", async () => {
    const published = leaderboard();
    const files = readdirSync(DIR).filter((f) => f.endsWith(".annotations.json.gz"));
    expect(files).toHaveLength(24);
    let maxWeighted = 0;
    let maxDiscrete = 0;
    for (const name of files) {
      const model = name.replace(".annotations.json.gz", "");
      const { records, errors } = await collect(alpacaEval, [{ path: name, open: () => fileSource(DIR + name) }]);
      expect(errors).toEqual([]);
      const b = new MeasurementBatchBuilder();
      for (const p of ofType(records, "pairwise")) b.addPairwise(p.sample, p.model_a, p.model_b, p.winner, p.p_a);
      const batch = b.build();
      // Each file compares one generator (its file name, except alpaca-eval's own copies) with the baseline.
      const others = batch.modelNames.filter((m) => m !== BASELINE);
      expect(others).toHaveLength(1);
      const rate = winRates(batch, batch.modelNames.indexOf(BASELINE))[batch.modelNames.indexOf(others[0])]!;
      const [winRate, discrete] = published.get(model)!;
      maxWeighted = Math.max(maxWeighted, Math.abs(rate.weighted - winRate));
      maxDiscrete = Math.max(maxDiscrete, Math.abs(rate.discrete - discrete));
      expect(rate.weighted, model).toBeCloseTo(winRate, 6);
      expect(rate.discrete, model).toBeCloseTo(discrete, 6);
    }
    console.log(`AlpacaEval 1, 24 models: max |Δ win_rate| ${maxWeighted.toExponential(2)}, max |Δ discrete_win_rate| ${maxDiscrete.toExponential(2)}`);
  });
});
