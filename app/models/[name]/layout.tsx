// Decides "no such model" before anything streams: the page below streams behind its loading
// skeleton, and once a byte is sent the status is 200 whatever the page finds. A notFound() here
// answers 404 with ../not-found.tsx inside the site's layout.
import { notFound } from "next/navigation";
import { findVisibleModels } from "@/lib/db/queries/models";
import { decodeSegment } from "@/lib/samples/links";

export default async function ModelLayout({ children, params }: { children: React.ReactNode; params: Promise<{ name: string }> }) {
  const name = decodeSegment((await params).name);
  if (!(await findVisibleModels([name])).has(name)) notFound();
  return children;
}
