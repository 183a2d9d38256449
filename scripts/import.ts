// `npm run import -- FILE [--partial] [--dry-run] [--format=NAME]`: imports a results file (results-format v1.1,
// .jsonl or gzip) or another tool's file (AlpacaEval annotations, lm-eval samples, …; the format is
// detected unless given) through the same code path as uploads. Progress goes to stderr; the last line on stdout is the
// upload report as JSON. Exit code 0 when the upload is done, 1 when it failed.
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { importFile, recoverInterruptedUploads } from "@/lib/ingest";
import { FORMATS } from "@/lib/ingest/formats";
import { openScriptDb, type ScriptDb } from "./lib/open-db";

const USAGE = `usage: npm run import -- FILE [--partial] [--dry-run] [--format=${FORMATS.join("|")}]`;
const log = (msg: string) => process.stderr.write(`[import] ${msg}\n`);

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const partial = args.includes("--partial");
  const dryRun = args.includes("--dry-run");
  const files = args.filter((a) => !a.startsWith("--"));
  const formatArg = args.find((a) => a.startsWith("--format="));
  const format = formatArg?.slice("--format=".length);
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--partial" && a !== "--dry-run" && a !== formatArg);
  if (files.length !== 1 || unknown.length || (format !== undefined && !(FORMATS as readonly string[]).includes(format))) {
    log(unknown.length ? `unknown option ${unknown.join(", ")}; ${USAGE}` : USAGE);
    return 2;
  }
  let db: ScriptDb | undefined;
  try {
    db = await openScriptDb();
    // The embedded database was just started by this process: nothing else can be writing to it.
    await recoverInterruptedUploads({ staleAfterSeconds: db.embedded ? 0 : undefined });
    const started = Date.now();
    let next = 0.05;
    log(`importing ${files[0]}${partial ? " (partial: valid lines only)" : ""}`);
    const report = await importFile(files[0], {
      partial,
      dryRun,
      format,
      onProgress(p) {
        if (p.progress < next) return;
        next = Math.floor(p.progress / 0.05) * 0.05 + 0.05;
        const c = p.counts;
        log(`${Math.round(p.progress * 100)}%: ${p.lines} lines, ${c.samples_new} new samples, ${c.measurements_new} new measurements, ${c.rejected} rejected`);
      },
    });
    const s = ((Date.now() - started) / 1000).toFixed(1);
    const c = report.counts;
    log(
      `${report.status} in ${s} s: ${report.lines} lines; samples ${c.samples_new} new, ${c.samples_updated} updated; ` +
        `measurements ${c.measurements_new} new, ${c.measurements_updated} updated; model facts ${c.facts_new} new, ${c.facts_updated} updated; ` +
        `${c.duplicates} duplicates, ${c.skipped} skipped, ${c.rejected} rejected`,
    );
    if (report.message) log(report.message);
    for (const e of report.errors.slice(0, 20)) log(`line ${e.line}: ${e.message}`);
    if (report.error_count > 20) log(`… ${report.error_count - 20} more rejected lines (see the report)`);
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return report.status === UPLOAD_STATUS.done ? 0 : 1;
  } catch (err) {
    log(`error: ${(err as Error).message}`);
    return 1;
  } finally {
    await db?.close();
  }
}

main().then((code) => process.exit(code));
