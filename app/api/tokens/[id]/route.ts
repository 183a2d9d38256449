// DELETE /api/tokens/{id} (admin scope): revoke a token; it stops working with the next request.
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { handler, otherMethods } from "@/lib/api/handler";
import { requireToken } from "@/lib/api/auth";
import { revokeTokens } from "@/lib/db/queries/tokens";
import { tokenJson } from "../token-json";

export const dynamic = "force-dynamic";

export const DELETE = handler(async (req, { params }) => {
  await requireToken(req, "admin");
  const id = String(params.id);
  if (!/^[1-9]\d{0,9}$/.test(id)) throw new ApiError("not_found", `No live token with id "${id.slice(0, 40)}"`);
  const [revoked] = await revokeTokens({ id: Number(id) });
  if (!revoked) throw new ApiError("not_found", `No live token with id ${id}`);
  return NextResponse.json(tokenJson(revoked));
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
