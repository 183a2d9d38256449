import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { leaderboardQuerySchema } from "@/lib/leaderboard/params";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const lb = await computeLeaderboard(leaderboardQuerySchema.parse({}));
  return (
    <div>
      <h1 className="text-2xl font-semibold">Overall leaderboard</h1>
      <p className="text-sm text-slate-600">
        {lb.n_samples} samples, {lb.n_measurements} measurements, baseline {lb.baseline}
      </p>
      <table className="mt-4 text-sm" data-testid="leaderboard">
        <tbody>
          {lb.models.map((m) => (
            <tr key={m.model}>
              <td className="pr-4">{m.rank}</td>
              <td className="pr-4">{m.model}</td>
              <td>{m.score?.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
