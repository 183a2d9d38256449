// POST /api/tokens (admin scope): create a token — `{"name", "scopes"?: ["upload"|"admin"]}` →
// 201 with the plaintext, shown this once. GET /api/tokens (admin): the tokens, never their secrets.
import { NextResponse } from "next/server";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { handler, otherMethods } from "@/lib/api/handler";
import { requireToken } from "@/lib/api/auth";
import { readJsonBody } from "@/lib/api/json-body";
import { SCOPES } from "@/lib/auth/scopes";
import { createToken } from "@/lib/auth/tokens";
import { listTokens } from "@/lib/db/queries/tokens";
import { tokenJson } from "./token-json";

export const dynamic = "force-dynamic";

const input = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length).default(["upload"]),
});

export const GET = handler(async (req) => {
  await requireToken(req, "admin");
  return NextResponse.json({ tokens: (await listTokens()).map(tokenJson) }, { headers: { "Cache-Control": "no-store" } });
});

export const POST = handler(async (req) => {
  await requireToken(req, "admin");
  const parsed = input.safeParse(await readJsonBody(req));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError("bad_request", `Field "${issue.path.join(".") || "body"}": ${issue.message}`);
  }
  const { token, row } = await createToken(parsed.data.name, parsed.data.scopes);
  return NextResponse.json({ ...tokenJson(row), token }, { status: 201, headers: { "Cache-Control": "no-store" } });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
