// Decides "no such saved leaderboard" before anything streams (see app/models/[name]/layout.tsx):
// a 404 with ../not-found.tsx inside the site's layout.
import { notFound } from "next/navigation";
import { getSavedLeaderboardRow } from "@/lib/db/queries/saved-leaderboards";

export default async function SavedLeaderboardLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  if (!(await getSavedLeaderboardRow((await params).slug))) notFound();
  return children;
}
