import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { detectFormat, firstObjectKeys, HEAD_BYTES, peekHead } from "./detect";
import { CONVERTERS } from "./index";
import { collect, FIXTURES } from "./test-helpers";

const head = (format: string, name: string) => readFileSync(`${FIXTURES}${format}/${name}`).subarray(0, HEAD_BYTES);
const one = (path: string, bytes: Uint8Array | string) => detectFormat([{ path, head: typeof bytes === "string" ? Buffer.from(bytes) : bytes }]);

describe("detectFormat", () => {
  it.each([
    ["alpaca-eval", "annotations.json", "alpaca-eval"],
    ["arena", "clean_battle_conv_20230424.json", "arena"],
    ["arena", "clean_battle_20230424.json", "arena"],
    ["inspect", "2024-11-05T13-31-45-05-00_arith_Kj1Hg2Fd3Sa4Qw5Er6Ty7U.json", "inspect"],
    ["csv", "scores.csv", "csv"],
    ["csv", "unit_tests.csv", "csv"],
    ["lm-eval", "EleutherAI__pythia-160m/samples_gsm8k_2024-06-01T12-00-00.123456.jsonl", "lm-eval"],
  ])("recognises the %s fixture %s by its content, under any name", (format, name, expected) => {
    expect(one("upload", head(format, name))).toEqual({ ok: true, format: expected });
    expect(one("upload.gz", gzipSync(head(format, name)))).toEqual({ ok: true, format: expected });
  });

  it("recognises the results format and tells it from lm-eval lines", () => {
    expect(one("x.jsonl", '\uFEFF{"type":"sample","id":"s","benchmark":"b","input":"q"}\n')).toEqual({ ok: true, format: "results" });
    expect(one("x.jsonl", '{"doc_id":0,"doc":{"type":"q"},"filtered_resps":["a"]}\n')).toEqual({ ok: true, format: "lm-eval" });
  });

  it("recognises bundles by the files they hold", () => {
    const helmRun = readdirSync(`${FIXTURES}helm`).flatMap((d) => readdirSync(`${FIXTURES}helm/${d}`).map((f) => ({ path: `${d}/${f}` })));
    expect(detectFormat(helmRun)).toEqual({ ok: true, format: "helm" });
    expect(detectFormat([{ path: "r/results_1.json" }, { path: "r/samples_arc_2024-01-01T00-00-00.1.jsonl" }])).toEqual({ ok: true, format: "lm-eval" });
    expect(detectFormat([{ path: "header.json" }, { path: "samples/1_epoch_1.json" }])).toEqual({ ok: true, format: "inspect" });
    expect(detectFormat([{ path: "results.jsonl" }, { path: "img/a.png" }])).toEqual({ ok: true, format: "results" });
  });

  it("falls back on the file name when the head shows no keys", () => {
    expect(one("run/samples_mmlu_2024-01-01T00-00-00.1.jsonl", "")).toEqual({ ok: true, format: "lm-eval" });
    expect(one("model/annotations.json", "[\n")).toEqual({ ok: true, format: "alpaca-eval" });
  });

  it("says what it expected, and what to do with one file of a HELM or lm-eval run", () => {
    const unknown = one("data.json", '[{"foo": 1}]');
    expect(unknown).toEqual({ ok: false, message: expect.stringMatching(/^cannot tell the format of data.json; expected the results format .* or CSV with a sample,model,metric,value header/) });
    expect(one("scenario_state.json", '{"adapter_spec": {}, "request_states": []}')).toEqual({ ok: false, message: expect.stringMatching(/upload the run directory as a bundle/) });
    expect(one("results_x.json", '{"results": {}, "configs": {}}')).toEqual({ ok: false, message: expect.stringMatching(/upload its samples_<task>_<date>.jsonl files/) });
    expect(one("x.eval", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toEqual({ ok: false, message: expect.stringMatching(/zip archive/) });
  });

  it("takes an explicit format, and rejects an unknown one", () => {
    expect(detectFormat([{ path: "a" }], "csv")).toEqual({ ok: true, format: "csv" });
    expect(detectFormat([{ path: "a" }], "excel")).toEqual({ ok: false, message: expect.stringMatching(/^format must be one of "results", "alpaca-eval", .* \(got "excel"\)$/) });
  });

  it("reads keys of the first object only, at its top level, even when the head cuts it", () => {
    expect([...firstObjectKeys('[{"a": {"x": 1}, "b": "c:d", "e\\"f": [1]}, {"z": 2}]')]).toEqual(["a", "b", 'e"f']);
    expect([...firstObjectKeys('{"version": 2, "eval": {"task": "t"}, "samples": [{"id": 1, "inp')]).toEqual(["version", "eval", "samples"]);
  });

  it("peeks at a stream and hands it on whole", async () => {
    async function* chunks() {
      yield Buffer.from("sample,model,");
      yield Buffer.from("metric,value\ns1,m1,acc,1\n");
    }
    const { head: h, stream } = await peekHead(chunks(), 8);
    expect(Buffer.from(h).toString()).toBe("sample,m");
    const d = detectFormat([{ path: "upload", head: h }]);
    expect(d.ok).toBe(false); // 8 bytes show no header: the caller peeks HEAD_BYTES
    const { records } = await collect(CONVERTERS.csv, [{ path: "upload", open: () => stream }]);
    expect(records).toEqual([{ type: "score", sample: "s1", model: "m1", metric: "acc", value: 1 }]);
  });
});
