"use client";

// Save the current query as a concept leaderboard (POST /api/leaderboards). Writes need an upload
// token; it is remembered in this browser under the same key as the upload page uses.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { rememberToken, useStoredToken } from "@/components/ui/stored-token";


export interface SaveSelection {
  query?: string;
  k?: number;
  threshold?: number;
  filters: { benchmark: string[]; task: string[]; tag: string[]; meta: string[] };
  method: string;
  baseline?: string;
}

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

const input = "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm";

function Field({ id, label, help, children }: { id: string; label: string; help?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {help && (
        <p id={`${id}-help`} className="mt-1 text-xs text-slate-500">
          {help}
        </p>
      )}
    </div>
  );
}

export function SaveConcept({ selection, suggestedTitle }: { selection: SaveSelection; suggestedTitle: string }) {
  const [title, setTitle] = useState(suggestedTitle);
  const [slug, setSlug] = useState(slugify(suggestedTitle));
  const [slugEdited, setSlugEdited] = useState(false);
  const [description, setDescription] = useState("");
  const tokenInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ kind: "idle" | "saving" } | { kind: "error"; message: string } | { kind: "saved"; slug: string }>({ kind: "idle" });

  // The remembered token is written into the (uncontrolled) field once, after mount.
  const stored = useStoredToken();
  useEffect(() => {
    if (tokenInput.current && !tokenInput.current.value) tokenInput.current.value = stored;
  }, [stored]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setState({ kind: "saving" });
    const token = tokenInput.current?.value.trim() ?? "";
    rememberToken(token);
    try {
      const res = await fetch("/api/leaderboards", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ slug, title, description: description || undefined, ...selection }),
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) setState({ kind: "error", message: body?.error?.message ?? `The server answered ${res.status}` });
      else setState({ kind: "saved", slug: body.slug });
    } catch {
      setState({ kind: "error", message: "Could not reach the server" });
    }
  }

  if (state.kind === "saved") {
    return (
      <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="saved-notice">
        <p className="font-semibold">Saved as “{title}”.</p>
        <p className="mt-1">
          The worker is computing its snapshot with bootstrap intervals.{" "}
          <Link href={`/leaderboards/${state.slug}`} className="font-medium underline">
            Open the saved leaderboard
          </Link>{" "}
          or see it on the{" "}
          <Link href="/" className="font-medium underline">
            home page
          </Link>
          .
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Save as concept leaderboard">
      <Field id="save-title" label="Title">
        <input
          id="save-title"
          required
          minLength={2}
          maxLength={120}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (!slugEdited) setSlug(slugify(e.target.value));
          }}
          className={input}
        />
      </Field>
      <Field id="save-slug" label="Slug (its URL)" help={`/leaderboards/${slug || "…"} — lowercase letters, digits and single dashes.`}>
        <input
          id="save-slug"
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          minLength={2}
          maxLength={80}
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
            setSlugEdited(true);
          }}
          className={`${input} font-mono`}
          aria-describedby="save-slug-help"
        />
      </Field>
      <Field id="save-description" label="Description (optional)">
        <input id="save-description" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} className={input} />
      </Field>
      <Field id="save-token" label="Upload token" help="Create one with npm run token -- create NAME; remembered in this browser.">
        <input id="save-token" ref={tokenInput} type="password" required autoComplete="off" className={`${input} font-mono`} aria-describedby="save-token-help" />
      </Field>
      {state.kind === "error" && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <button
        type="submit"
        disabled={state.kind === "saving"}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
      >
        {state.kind === "saving" ? "Saving…" : "Save as concept leaderboard"}
      </button>
    </form>
  );
}
