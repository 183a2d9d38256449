import type { ModelFacts } from "@/lib/db/queries/model-facts";
import { Card } from "@/components/ui/card";

const LABELS: [keyof ModelFacts, string][] = [
  ["display_name", "Name"],
  ["organization", "Organization"],
  ["parameters_b", "Parameters"],
  ["open_weights", "Weights"],
  ["license", "Licence"],
  ["released", "Released"],
  ["family", "Family"],
  ["url", "Link"],
];

function factValue(key: keyof ModelFacts, facts: ModelFacts): React.ReactNode {
  const v = facts[key];
  if (key === "parameters_b") return `${v} B`;
  if (key === "open_weights") return v ? "open" : "closed";
  // Only http(s) links are made clickable: the URL is whatever the uploader wrote.
  if (key === "url" && typeof v === "string" && /^https?:\/\//i.test(v)) {
    return (
      <a className="break-all text-indigo-700 underline" href={v} rel="noopener noreferrer nofollow">
        {v}
      </a>
    );
  }
  return String(v);
}

/** The facts of a model as its `model` line gave them (results format v1.1); absent facts are left out. */
export function FactsCard({ facts }: { facts: ModelFacts | null }) {
  const known = facts ? LABELS.filter(([k]) => facts[k] !== null) : [];
  return (
    <Card title="About this model">
      {!facts || known.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="model-facts-none">
          No facts uploaded: a <code>model</code> line in a results file (format v1.1) gives its organization, size, licence and family.
        </p>
      ) : (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="model-facts">
          {known.map(([k, label]) => (
            <div key={k} data-fact={k}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd>{factValue(k, facts!)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
