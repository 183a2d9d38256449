"use client";

import { ErrorState } from "@/components/ui/states";

export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorState title="This page could not be loaded">
      <p>{error.message || "An unexpected error occurred."}</p>
      <button type="button" onClick={reset} className="mt-3 rounded bg-red-700 px-3 py-1.5 text-white hover:bg-red-800">
        Try again
      </button>
    </ErrorState>
  );
}
