// /about#formats: the files of other tools the portal takes, and for each what maps to what and
// what is dropped. The full rules (ids, edge cases) are in lib/ingest/formats/README.md, which the
// converters follow; this is the same mapping, shortened.
import { Card } from "@/components/ui/card";

interface FormatMapping {
  name: string;
  param: string;
  file: string;
  maps: string[];
  dropped: string;
}

const MAPPINGS: FormatMapping[] = [
  {
    name: "AlpacaEval",
    param: "alpaca-eval",
    file: "annotations.json (a JSON array of {instruction, output_1, generator_1, output_2, generator_2, annotator, preference, dataset})",
    maps: [
      "instruction → a sample in benchmark alpaca-eval, id = hash of the instruction",
      "each record → a pairwise line: model_a = generator_1 (the baseline), model_b = generator_2, p_a = 2 − preference, winner = the preference rounded (1.5 = tie)",
      "output_1 / output_2 → output_a / output_b; annotator → judge",
    ],
    dropped: "price and time per example, raw_completion; skipped (counted): records not annotated (preference null) and the baseline against itself",
  },
  {
    name: "lm-evaluation-harness",
    param: "lm-eval",
    file: "the run's output folder as a bundle (.zip / .tar.gz): samples_<task>_<time>.jsonl per task (--log_samples) and the results_<time>.json beside them",
    maps: [
      "results.json's model_name (or peft=, pretrained=, model=, … of model_args) → the model; model_num_parameters → parameters_b",
      "doc_id → a sample <task>/<doc_id>: input = the doc's question field, reference = target",
      "each per-sample metric → a score line (metric as the harness names it, e.g. exact_match,strict-match); filtered_resps → output",
    ],
    dropped: "resps, hashes, arguments; skipped: corpus-level metrics (bleu, chrf, ter) that have no per-sample number",
  },
  {
    name: "HELM",
    param: "helm",
    file: "a run directory as a bundle (.zip / .tar.gz): scenario_state.json + per_instance_stats.json (+ run_spec.json, scenario.json)",
    maps: [
      "adapter_spec.model → the model; each instance of the main split (test, else valid) → a sample, reference = the references tagged correct",
      "each per-instance stat → a score line (value = its mean); the completion → output",
    ],
    dropped: "prompts, request parameters, bookkeeping stats (tokens, runtimes); skipped: other splits, trials after the first, perturbed instances",
  },
  {
    name: "Chatbot Arena",
    param: "arena",
    file: "FastChat clean_battle records: {question_id, model_a, model_b, winner, judge, conversation_a, conversation_b, tstamp, language}",
    maps: [
      "each battle → a pairwise line: winner model_a / model_b → a / b, tie, tie (bothbad) and MT-Bench's tie (inconsistent) → tie; id = hash of (question_id, tstamp, judge, models; the turn for MT-Bench's judgments, which have no tstamp), so a grown dump adds only new battles",
      "the conversations' assistant turns → output_a / output_b; the user turns → the sample (one per question_id); judge → judge",
    ],
    dropped: "anony, moderation tags (turn and tstamp only in the id); skipped: a model against itself",
  },
  {
    name: "FastChat MT-Bench",
    param: "mt-bench",
    file: "model_judgment/<judge>_single.jsonl (single-answer grading) or <judge>_pair.jsonl (pairwise), as FastChat's gen_judgment.py writes them",
    maps: [
      "question_id → a sample mt-bench/<question_id>, its text read from the judge's prompt, which quotes it",
      "a single grade → a score line (1–10; metric score, or score (turn 2)) with the judge model as judge",
      "a pair judged in both orders → a pairwise line: the winner both orders agree on, a tie where they differ; id = hash of (question, turn, judge, models)",
    ],
    dropped: "the judge's explanations, the prompts, tstamp; skipped: score −1 (a rating the judge did not give) and a verdict of error in either order",
  },
  {
    name: "Inspect AI",
    param: "inspect",
    file: "an eval log (JSON), or a .eval archive as Inspect writes it (a zip: header.json + samples/<id>_epoch_<n>.json)",
    maps: [
      "eval.task → benchmark; each sample → a sample <task>/<id> with its input messages and target",
      "each scorer's value → a score line for eval.model (C 1, P 0.5, I 0, numbers as they are; a dict → one metric per key); the first choice's text → output",
      "several epochs → one score per sample and metric: Inspect's reduction of them (reductions), else their mean; the first epoch's output",
    ],
    dropped: "events, messages, store, usage, plan; skipped: unscored samples",
  },
  {
    name: "CSV",
    param: "csv",
    file: "a header naming sample, model, metric (or criterion), value",
    maps: [
      "each row → a score line (a unit_test line with criterion); optional columns higher_is_better, output, judge, scale_low/scale_high",
      "optional benchmark, input, reference, task → the sample, once per sample id",
    ],
    dropped: "any other column",
  },
];

export function FormatsSection() {
  return (
    <Card id="formats" title="7. Files of other tools, and what is kept of them">
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Besides its own results format (JSON Lines, v1.1), the portal takes these tools&apos; files unchanged — in the upload form, by{" "}
          <code>POST /api/uploads</code> and by <code>npm run import</code>. The format is detected from the content, or given as <code>format=</code> (
          <code>--format</code>); each file is converted in one streaming pass and then validated like any upload. <code>dry_run=true</code> (the form&apos;s
          Preview, <code>--dry-run</code>) reports what would be stored without storing it.
        </p>
        {MAPPINGS.map((m) => (
          <section key={m.param} aria-label={m.name} className="border-t border-slate-100 pt-2" data-testid="format-mapping">
            <h3 className="font-semibold text-slate-900">
              {m.name} <code className="text-xs font-normal text-slate-500">format={m.param}</code>
            </h3>
            <p className="text-xs text-slate-500">{m.file}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {m.maps.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-1">
              <span className="font-medium">Dropped:</span> {m.dropped}.
            </p>
          </section>
        ))}
        <p className="text-xs text-slate-500">
          Outputs are evidence shown beside the sample and never change a ranking; longer than 256 KiB they are cut and marked. Model lines add facts (size,
          licence, family) that leaderboards can filter on.
        </p>
      </div>
    </Card>
  );
}
