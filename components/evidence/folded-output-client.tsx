"use client";

import { useState } from "react";

/** Outputs longer than this many characters (or lines) are folded to their start. */
const FOLD_CHARS = 600;
const FOLD_LINES = 12;

function foldAt(text: string): number | null {
  let end = Math.min(text.length, FOLD_CHARS);
  let lines = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++lines >= FOLD_LINES) end = i;
  }
  return end < text.length ? end : null;
}

/** A model's output as written (whitespace kept); long ones folded with a button that unfolds them. */
export function FoldedOutput({ text, label }: { text: string; label: string }) {
  const [open, setOpen] = useState(false);
  const cut = foldAt(text);
  const shown = open || cut === null ? text : `${text.slice(0, cut)}…`;
  return (
    <div>
      <pre data-testid="model-output" aria-label={label} className="max-h-[40rem] overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-sans text-sm text-slate-800">
        {shown}
      </pre>
      {cut !== null && (
        <button type="button" className="mt-1 text-xs text-indigo-700 underline" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="fold-toggle">
          {open ? "Fold" : `Show all ${text.length.toLocaleString("en-US")} characters`}
        </button>
      )}
    </div>
  );
}
