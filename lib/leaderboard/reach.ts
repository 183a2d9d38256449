// Can an upload reach a capability query's saved leaderboard? Its snapshot keeps where its cut
// was: the samples it selected, and per concept the query vector the cut was made on (the
// expanded one where feedback expanded it), the similarity the cut fell at, and whether a tag or
// task naming the concept let samples in. A later upload reaches it when a sample it added or
// rewrote clears a concept's cut (or carries the concept as a tag or task), when a selected sample
// got new results, or when it uploaded model facts. Otherwise the snapshot stays current: the
// selection is what it was, with the data it had.
//
// A health run finished since the snapshot reaches it when it flags the selected samples (or their
// benchmarks) otherwise than the run the snapshot read.
//
// Not checked, and the reason the cut is recalibrated (a full refresh) when the pool grew by more
// than RECALIBRATE_GROWTH since the snapshot: the adaptive cut's background (median and spread of
// every candidate's similarity) and the feedback expansion's seeds move a little with every
// sample added anywhere, which moves the cut's margin (bench:scale --saved measures how much).
// Conservative elsewhere: filters, exclusions and AND between concepts are not applied to the new
// samples (a sample that clears any concept's cut counts).
import { flagDigestAmong } from "@/lib/health/selection";
import { activeEmbedder, servedSpace } from "@/lib/retrieval/active";
import { conceptLexicon } from "@/lib/retrieval/concept-terms";
import { TEXT_SPACE } from "@/lib/retrieval/spaces";
import { factsWrittenBy, newlyPublished, samplesTouchedBy, samplesWrittenBy, type PublishState } from "@/lib/db/queries/read-model";
import type { Reach } from "@/lib/db/queries/snapshots";
import { lexicalFor } from "@/lib/serving/lexical-store";
import { similarityByRow } from "@/lib/serving/search";
import { vectorsFor, type ReadModel } from "@/lib/serving/read-model";

export type { Reach } from "@/lib/db/queries/snapshots";

/** Past this growth of the pool since the snapshot, its cut is made again (a full refresh). */
export const RECALIBRATE_GROWTH = 0.1;

/**
 * Why the data of `model` can change the leaderboard whose snapshot selected `reach`, or null when
 * it cannot (the snapshot stays current).
 */
export async function reachedBy(reach: Reach, model: ReadModel, health?: { from: number | null; to: number | null }): Promise<string | null> {
  const size = model.samples.size;
  if (size > reach.poolSize * (1 + RECALIBRATE_GROWTH)) return `the pool grew by more than ${RECALIBRATE_GROWTH * 100}% (${reach.poolSize} → ${size} samples): the cut is made again`;
  const active = await activeEmbedder();
  if (active.name !== reach.embedder) return `the embedder changed (${reach.embedder} → ${active.name ?? "none"})`;
  const { rowOf, ids } = model.samples;
  const selected = new Set(reach.pks);
  for (const pk of selected) if (rowOf.get(pk) < 0) return `a selected sample left the pool`;
  if (health && health.from !== health.to && reach.flags !== (await flagDigestAmong(health.to, reach.pks))) {
    return `the health check flags its samples otherwise (run ${health.from ?? "none"} → ${health.to ?? "none"})`;
  }
  const seqs = await newlyPublished(reach.publish as PublishState, model.publish);
  if (seqs.length === 0) return null;
  if (await factsWrittenBy(seqs)) return "model facts were uploaded";
  const [written, measured] = await Promise.all([samplesWrittenBy(seqs), samplesTouchedBy(seqs)]);
  const changed = [...new Set([...written, ...measured])];
  for (const pk of changed) if (selected.has(pk)) return `selected sample ${ids[rowOf.get(pk)] ?? pk} has new results or content`;
  const space = await servedSpace(TEXT_SPACE);
  const store = await vectorsFor(model, space.space, reach.embedder, space.dim);
  const index = reach.concepts.some((c) => c.labelled) ? await lexicalFor(model) : null;
  const labelled = reach.concepts.map((c) => (c.labelled && index ? conceptLexicon(index, c.text).labelled : null));
  // The changed samples' similarities computed as the cut computed its own (similarityByRow), so
  // one that sat exactly at the cut compares the same way.
  const mask = new Uint8Array(size);
  for (const pk of changed) {
    const row = rowOf.get(pk);
    if (row < 0) continue; // not visible
    if (!store.vectorOf(pk)) return `new sample ${ids[row]} has no vector yet`;
    mask[row] = 1;
  }
  for (const [j, c] of reach.concepts.entries()) {
    const similarity = similarityByRow(model, store, mask, Float32Array.from(c.vector));
    for (let row = 0; row < mask.length; row++) {
      if (!mask[row]) continue;
      if (similarity[row] >= c.similarity) return `new sample ${ids[row]} clears the cut of "${c.text}" (similarity ${similarity[row].toFixed(3)} ≥ ${c.similarity.toFixed(3)})`;
      if (labelled[j]?.[row]) return `new sample ${ids[row]} carries "${c.text}" as a tag or task`;
    }
  }
  return null;
}
