// Sends a results file to POST /api/uploads (always in the background: ?async=true) with upload
// progress, then polls GET /api/uploads/{id} until the upload is done or failed.

import type { UploadCounts } from "@/lib/db/queries/uploads";

export interface UploadReport {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  counts: UploadCounts;
  errors: { line: number; message: string }[];
  error_count?: number;
  message?: string | null;
  duplicate_of?: string | null;
  file_name?: string | null;
}

export type Phase = { phase: "uploading"; fraction: number } | { phase: "processing"; fraction: number };

export class UploadError extends Error {}

export interface UploadChoices {
  partial: boolean;
  /** a format name of POST /api/uploads `format=`; empty: detected from the content */
  format: string;
  /** a preview: processed and reported, nothing stored (`dry_run=true`) */
  dryRun: boolean;
}

function uploadUrl(c: UploadChoices): string {
  const sp = new URLSearchParams({ async: "true" });
  if (c.partial) sp.set("partial", "true");
  if (c.format) sp.set("format", c.format);
  if (c.dryRun) sp.set("dry_run", "true");
  return `/api/uploads?${sp.toString()}`;
}

function send(file: File, token: string, choices: UploadChoices, onProgress: (p: Phase) => void): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl(choices));
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Content-Type", "application/x-ndjson");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress({ phase: "uploading", fraction: e.loaded / e.total });
    xhr.onerror = () => reject(new UploadError("The upload could not reach the server"));
    xhr.onload = () => {
      let body: { id?: string; error?: { message: string } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a non-JSON answer (e.g. a proxy error page) falls through to the status message
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.id) resolve({ id: body.id });
      else reject(new UploadError(body.error?.message ?? `The server answered ${xhr.status}`));
    };
    xhr.send(file);
  });
}

export async function uploadFile(file: File, token: string, choices: UploadChoices, onProgress: (p: Phase) => void): Promise<UploadReport> {
  const { id } = await send(file, token, choices, onProgress);
  for (;;) {
    const res = await fetch(`/api/uploads/${id}`, { cache: "no-store" });
    if (!res.ok) throw new UploadError(`Could not read the upload's status (${res.status})`);
    const report = (await res.json()) as UploadReport;
    if (report.status === "done" || report.status === "failed") return report;
    onProgress({ phase: "processing", fraction: report.progress });
    await new Promise((r) => setTimeout(r, 400));
  }
}
