// Converters from other tools' files to results-format v1.1 records (README.md in this folder
// documents each mapping). Pure and streaming: nothing here touches the database.
//
//   const d = detectFormat([{ path, head }], explicitFormat);     // or files of a bundle
//   if (d.ok && d.format !== "results")
//     for await (const batch of CONVERTERS[d.format].convert(files, options))
//       for (const item of batch) … item.kind: "record" | "error" | "skipped", item.origin names the place
import { alpacaEval } from "./alpaca-eval";
import { arena } from "./arena";
import { csv } from "./csv";
import { helm } from "./helm";
import { inspect } from "./inspect";
import { lmEval } from "./lm-eval";
import { mtBench } from "./mt-bench";
import type { Converter, FormatName } from "./records";

export const CONVERTERS: Readonly<Record<FormatName, Converter>> = {
  "alpaca-eval": alpacaEval,
  "lm-eval": lmEval,
  helm,
  arena,
  "mt-bench": mtBench,
  inspect,
  csv,
};

export { detectFormat, peekHead, FORMATS, HEAD_BYTES, type Detection, type DetectedFormat, type Sniffed } from "./detect";
export { describeOrigin, isFileError } from "./records";
export type { Converted, ConvertedRecord, Converter, ConvertOptions, FormatName, ModelLine, Origin, PairwiseLine, ScoreLine, UnitTestLine, UploadFile } from "./records";
