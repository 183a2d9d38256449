// The aggregation methods a leaderboard can be ranked with (lib/ranking), their labels and the
// default. Plain constants: client components and the URL helpers import them too.
export const METHODS = ["plackett-luce", "bradley-terry", "elo", "mean", "borda", "win-rate"] as const;
export type Method = (typeof METHODS)[number];
export const DEFAULT_METHOD: Method = "plackett-luce";

export const METHOD_LABELS: Record<Method, string> = {
  "plackett-luce": "Plackett–Luce",
  "bradley-terry": "Bradley–Terry",
  elo: "Elo",
  mean: "Mean score",
  borda: "Borda count",
  "win-rate": "Win rate",
};
