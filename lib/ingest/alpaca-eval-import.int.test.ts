// The AlpacaEval 1 leaderboard through the real path: the 24 raw annotation files of
// ../shared/data/raw/alpaca-eval-1 imported as they are (format detected, converted, validated,
// stored), then GET /api/leaderboard gives the published win_rate and discrete_win_rate to 1e-6.
// The converter alone is proven by formats/alpaca-eval.real.test.ts; this proves the path.
// Skipped when the data is absent (SHARED_DATA_DIR overrides where ../shared/data is).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getLeaderboard } from "@/app/api/leaderboard/route";
import { closeDb } from "@/lib/db/client";
import { stopQueue } from "@/lib/queue";
import { resetDatabase } from "@/test/db";
import { importFile } from "./index";

const DIR = `${process.env.SHARED_DATA_DIR ?? fileURLToPath(new URL("../../../shared/data/", import.meta.url))}/raw/alpaca-eval-1/`;
const CSV = `${DIR}alpaca_eval_gpt4_leaderboard.csv`;
const BASELINE = "text_davinci_003";
const present = existsSync(CSV);
if (!present) console.warn(`[skip] ${DIR} is absent: the AlpacaEval import test is skipped`);

/** name → [win_rate, discrete_win_rate] of the published leaderboard (plain CSV: no quoted commas). */
function leaderboard(): Map<string, [number, number]> {
  const [header, ...rows] = readFileSync(CSV, "utf8").trim().split("\n");
  const cols = header.split(",");
  const w = cols.indexOf("win_rate");
  const d = cols.indexOf("discrete_win_rate");
  return new Map(rows.map((r) => r.split(",")).map((c) => [c[0], [Number(c[w]), Number(c[d])]]));
}

/** The generator a file compares with the baseline: model names come from the file, not its name. */
function generatorOf(file: string): string {
  const records = JSON.parse(gunzipSync(readFileSync(DIR + file)).toString("utf8")) as { generator_1: string; generator_2: string }[];
  return records.find((r) => r.generator_2 !== BASELINE)?.generator_2 ?? records[0].generator_1;
}

beforeAll(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

describe.skipIf(!present)("AlpacaEval 1 annotation files through the import path", () => {
  it("reproduces the published win_rate and discrete_win_rate of every model to 1e-6", async () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".annotations.json.gz"));
    expect(files).toHaveLength(24);
    const published = leaderboard();
    const expected = new Map<string, [number, number]>();
    for (const file of files) {
      const report = await importFile(DIR + file);
      expect(report.status, `${file}: ${report.message}`).toBe("done");
      expect(report.error_count).toBe(0);
      expected.set(generatorOf(file), published.get(file.replace(".annotations.json.gz", ""))!);
    }
    const url = `http://localhost/api/leaderboard?benchmark=alpaca-eval&method=win-rate&baseline=${BASELINE}`;
    const res = await getLeaderboard(new NextRequest(url), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { models: { model: string; win_rate: { weighted: number; discrete: number } | null }[] };
    const rows = new Map(body.models.map((m) => [m.model, m]));
    expected.delete(BASELINE);
    expect(expected.size).toBeGreaterThanOrEqual(22);
    for (const [model, [winRate, discrete]] of expected) {
      const row = rows.get(model);
      expect(row?.win_rate, model).not.toBeNull();
      expect(Math.abs(row!.win_rate!.weighted - winRate), model).toBeLessThan(1e-6);
      expect(Math.abs(row!.win_rate!.discrete - discrete), model).toBeLessThan(1e-6);
    }
  });
});
