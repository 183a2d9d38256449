// Decides "no such sample" before anything streams (see app/models/[name]/layout.tsx): a 404 with
// ../not-found.tsx inside the site's layout, instead of a 200 page that says it is missing.
import { notFound } from "next/navigation";
import { findVisibleSample } from "@/lib/db/queries/samples";
import { sampleIdFromSegments } from "@/lib/samples/links";

export default async function SampleLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string[] }> }) {
  if (!(await findVisibleSample(sampleIdFromSegments((await params).id, { encoded: true })))) notFound();
  return children;
}
