import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "ONEBench portal", template: "%s · ONEBench portal" },
  description: "Which AI model is best for the capability you care about: sample-level results ranked with Plackett–Luce.",
};

const NAV = [
  { href: "/leaderboards", label: "Leaderboards" },
  { href: "/query", label: "Query" },
  { href: "/compare", label: "Compare" },
  { href: "/benchmarks", label: "Benchmarks" },
  { href: "/upload", label: "Upload" },
  { href: "/evaluate", label: "Evaluate" },
  { href: "/about", label: "Method" },
];

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request, the not-found page too: its scripts carry that request's CSP
  // nonce (proxy.ts); a page prerendered at build time would have scripts without one, and they would not run.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3" aria-label="Main">
            <Link href="/" className="text-lg font-semibold tracking-tight text-indigo-700">
              ONEBench<span className="text-slate-500"> portal</span>
            </Link>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {NAV.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className="rounded px-1 py-0.5 text-slate-700 hover:text-indigo-700 hover:underline">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6">
          {children}
        </main>
        <footer className="mx-auto max-w-6xl px-4 pb-8 pt-4 text-xs text-slate-500">
          Scores are Plackett–Luce log-strengths over per-sample orderings (baseline = 0). See{" "}
          <Link href="/about" className="underline">how the numbers are made</Link>.
        </footer>
      </body>
    </html>
  );
}
