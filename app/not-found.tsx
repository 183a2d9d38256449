import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/states";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Not found</h1>
      <EmptyState title="Nothing is published at this address">
        <Link href="/" className="text-indigo-700 underline">Back to the leaderboards</Link>
      </EmptyState>
    </>
  );
}
