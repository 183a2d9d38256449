import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { UploadClient } from "@/components/upload/upload-client";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Upload results" };
export const dynamic = "force-dynamic";

export default function UploadPage() {
  const maxMb = Math.round(env().UPLOAD_MAX_BYTES / (1024 * 1024));
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Upload sample-level results"
        subtitle={
          <>
            A results file in{" "}
            <Link className="underline" href="/about#format">
              results-format v1.1
            </Link>{" "}
            (JSON Lines, optionally gzip, up to {maxMb} MB): samples and per-sample scores, pairwise preferences, rankings or unit
            tests, with model outputs and facts; or{" "}
            <Link className="underline" href="/about#formats">
              another tool&apos;s file
            </Link>
            . Every line is validated; by default nothing is stored unless every line is valid. Preview shows what would be stored.
          </>
        }
      />
      <UploadClient />
      <p className="mt-6 text-xs text-slate-500">
        Also by API (<code>POST /api/uploads</code> with <code>Authorization: Bearer TOKEN</code>) or command (
        <code>npm run import -- FILE</code>). Tokens: <code>npm run token -- create NAME</code>.
      </p>
    </div>
  );
}
