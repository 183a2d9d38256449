// Reads a results-format v1 file (../shared/spec/results-format.md; .jsonl or .jsonl.gz)
// into a MeasurementBatch for the ranking benchmark, the tau curve and the MMLU-Pro tests.
// No validation beyond what the builder checks: the shared data files are known-good, and
// the real importer (lib/ingest) validates uploads.
import { createReadStream, existsSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MeasurementBatchBuilder } from '../../lib/ranking/batch-builder';
import type { MeasurementBatch } from '../../lib/ranking/measurements';

export const SHARED_DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
export const MMLU_PRO = SHARED_DATA + 'mmlu-pro.jsonl.gz';

export function hasSharedFile(path: string): boolean {
  return existsSync(path);
}

interface Line {
  type: string;
  [k: string]: unknown;
}

export async function readResultsFile(path: string): Promise<MeasurementBatch> {
  const b = new MeasurementBatchBuilder();
  const raw = createReadStream(path);
  const input = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const text of lines) {
    if (text.trim() === '') continue;
    const d = JSON.parse(text) as Line;
    switch (d.type) {
      case 'sample':
        b.sample(d.id as string, d.benchmark as string, d.tags as string[] | undefined);
        break;
      case 'score':
        b.addScore(d.sample as string, d.model as string, d.metric as string, d.value as number, d.higher_is_better !== false);
        break;
      case 'unit_test':
        b.addUnitTest(d.sample as string, d.model as string, d.criterion as string, d.value as number);
        break;
      case 'pairwise':
        b.addPairwise(d.sample as string, d.model_a as string, d.model_b as string, d.winner as 'a' | 'b' | 'tie', d.p_a as number | undefined);
        break;
      case 'ranking':
        b.addRanking(d.sample as string, d.ranking as string[][], (d.metric as string | undefined) ?? 'ranking');
        break;
      default:
        throw new Error(`${path}: unknown line type ${JSON.stringify(d.type)}`);
    }
  }
  return b.build();
}
