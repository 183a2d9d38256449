"use client";

import { useState } from "react";
import { foldAt } from "@/lib/samples/fold";

/**
 * A model's output as written (whitespace kept); long ones folded with a button that unfolds them.
 * `text` may be only the output's start (`length` says how long the whole is): unfolding it then
 * asks `onUnfold` for the whole text, which arrives as a new `text`.
 */
export function FoldedOutput({ text, label, length = text.length, onUnfold }: { text: string; label: string; length?: number; onUnfold?: () => void }) {
  const [open, setOpen] = useState(false);
  const partial = text.length < length;
  const cut = partial ? text.length : foldAt(text);
  const shown = (open && !partial) || cut === null ? text : `${text.slice(0, cut)}…`;
  const toggle = () => {
    if (!open && partial) onUnfold?.();
    setOpen(!open);
  };
  return (
    <div>
      <pre data-testid="model-output" role="group" tabIndex={0} aria-label={label} className="max-h-[40rem] overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-sans text-sm text-slate-800">
        {shown}
      </pre>
      {cut !== null && (
        <button type="button" className="mt-1 text-xs text-indigo-700 underline" aria-expanded={open} onClick={toggle} data-testid="fold-toggle">
          {open ? (partial ? "Loading the whole output…" : "Fold") : `Show all ${length.toLocaleString("en-US")} characters`}
        </button>
      )}
    </div>
  );
}
