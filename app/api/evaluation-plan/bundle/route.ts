// GET /api/evaluation-plan/bundle: the plan of GET /api/evaluation-plan (the same parameters) as a
// .tar.gz task bundle — the task file with every planned sample's line and the images that came in
// bundles (lib/planning/task-bundle.ts). An extension of spec/api.md; README "Evaluating a new model".
import { handler, otherMethods } from "@/lib/api/handler";
import { parsePlanQuery } from "@/lib/planning/request";
import { evaluationPlanFor } from "@/lib/planning/selection-plan";
import { prepareTaskBundle, taskBundleStream } from "@/lib/planning/task-bundle";
import { taskFileName } from "@/lib/planning/task-file";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const query = parsePlanQuery(req.nextUrl.searchParams);
  const plan = await evaluationPlanFor(query);
  const bundle = await prepareTaskBundle(plan.samples);
  return new Response(taskBundleStream(bundle), {
    headers: { "Content-Type": "application/gzip", "Content-Disposition": `attachment; filename="${taskFileName(plan.model, null, "tar.gz")}"`, "X-Content-Type-Options": "nosniff" },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
