// One concept of a capability query over candidate rows, as the serving path and the retrieval
// benchmark both run it: its lexical evidence (concept-terms.ts), under the adaptive cut its
// expanded query where no candidate carries it as a tag or task (feedback.ts), then the hybrid
// cut (hybrid.ts). The report says when the query was expanded, with what.
import { conceptLexicon } from "./concept-terms";
import { denseOf, expandConcept, type ExpandInput, type Expansion } from "./feedback";
import { retrieveConcept, type ConceptResult, type Cut } from "./hybrid";
import type { LexicalIndex } from "./lexical";

export interface ConceptInput extends Pick<ExpandInput, "dense" | "candidate" | "vectorOf" | "similarities"> {
  index: LexicalIndex;
  text: string;
}

export interface ConceptSearch {
  result: ConceptResult;
  /** The similarities the cut was made on: to the expanded query when there is one. */
  dense: Float32Array;
  /** The index terms searched (the added ones included). */
  terms: string[];
  labelled: Uint8Array;
  expansion: Expansion | null;
}

/** `x.dense` may be a function: it is called only when the concept is not answered by its expanded query. */
export function searchConcept(x: ConceptInput, cut: Cut): ConceptSearch {
  const lexicon = conceptLexicon(x.index, x.text);
  const adaptive = cut.k === undefined && cut.threshold === undefined;
  const own = { dense: x.dense };
  const ownDense = () => denseOf(own); // computed once, by whichever asks first
  const expanded = adaptive ? expandConcept({ ...x, dense: ownDense, lexicon }) : null;
  const dense = expanded?.dense ?? ownDense();
  const result = retrieveConcept({ dense, lexical: expanded?.lexical ?? lexicon.score, labelled: lexicon.labelled, candidate: x.candidate }, cut);
  if (expanded) {
    const { terms, seeds, from } = expanded.expansion;
    result.report.expansion = { terms, feedback_samples: seeds.length, seeds_from: from };
  }
  return { result, dense, terms: [...lexicon.terms, ...(expanded?.expansion.terms ?? [])], labelled: lexicon.labelled, expansion: expanded?.expansion ?? null };
}
