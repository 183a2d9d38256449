// GET /api/benchmarks (spec/api.md §"Benchmark health"): every benchmark's health from the newest check.
import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { listHealth } from "@/lib/health/read";

export const dynamic = "force-dynamic";

export const GET = handler(async () => NextResponse.json(await listHealth()));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
