// Text -> index terms for the offline embedder: lowercase words, English stopwords removed,
// plural suffixes folded by the S-stemmer (Harman 1991, "How effective is suffixing?", JASIS 42),
// plus bigrams of words that stood next to each other. Bigrams keep phrases such as
// "computer security" or "international law" distinct from their parts; the S-stemmer is mild
// enough not to merge unrelated words ("virus" stays "virus", "antibodies" becomes "antibody").

const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before " +
    "being below between both but by can could did do does doing down during each either else " +
    "etc every few for from further had has have having he her here hers herself him himself his " +
    "how however i if in into is it its itself just least less let may me might more most much " +
    "must my myself neither no nor not now of off on once only or other ought our ours ourselves " +
    "out over own per rather same shall she should since so some such than that the their theirs " +
    "them themselves then there these they this those though through thus to too under until up " +
    "upon us very via was we were what when where whether which while who whom whose why will " +
    "with within without would yet you your yours yourself yourselves one two three following " +
    "true false none given use used using"
  ).split(" "),
);

/** Harman's S-stemmer: three ordered rules, only the first that applies fires. */
export function sStem(word: string): string {
  if (word.length < 4) return word;
  if (word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) {
    return word.slice(0, -3) + "y";
  }
  if (word.endsWith("es") && !word.endsWith("aes") && !word.endsWith("ees") && !word.endsWith("oes")) {
    return word.slice(0, -1);
  }
  if (word.endsWith("s") && !word.endsWith("us") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

const WORD = /[\p{L}\p{N}]+/gu;
// Words joined only by spaces, hyphens or underscores form a phrase; any other punctuation or a
// line break ends it, so bigrams never span a sentence end, an option label or a document field.
const PHRASE_GAP = /^[ \t_-]+$/;
const DIGITS = /^\p{N}+$/u;

/** One word's index form, or null for words that carry no topic (stopwords, numbers, letters). */
function indexWord(raw: string): string | null {
  if (raw.length < 2 || raw.length > 40 || DIGITS.test(raw) || STOPWORDS.has(raw)) return null;
  return sStem(raw);
}

/**
 * Index terms of `text`, in order: each kept word, then each bigram "w1 w2" of adjacent kept
 * words. Repeated terms repeat (term frequency is counted by the caller).
 */
export function textTerms(text: string, bigrams = true): string[] {
  const lower = text.normalize("NFKC").toLowerCase();
  const terms: string[] = [];
  let previous: string | null = null;
  let previousEnd = -1;
  for (const match of lower.matchAll(WORD)) {
    const start = match.index;
    const word = indexWord(match[0]);
    const adjacent = previousEnd >= 0 && PHRASE_GAP.test(lower.slice(previousEnd, start));
    if (word !== null) {
      terms.push(word);
      if (bigrams && previous !== null && adjacent) terms.push(previous + " " + word);
    }
    previous = word;
    previousEnd = start + match[0].length;
  }
  return terms;
}
