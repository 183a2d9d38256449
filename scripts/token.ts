// `npm run token -- create NAME [--admin] | list | revoke ID|PREFIX`: upload tokens. `create` prints
// the new token as its last line (scripts read it from there); it is shown once and stored hashed.
// `--admin` gives it the admin scope (lib/auth/scopes.ts). While `npm start` runs, this finds the
// running portal's database by itself (scripts/lib/open-db.ts).
import { openScriptDb } from "./lib/open-db";
import { createToken, revokeToken } from "@/lib/auth/tokens";
import { listTokens } from "@/lib/db/queries/tokens";

const USAGE = "usage: npm run token -- create NAME [--admin] | list | revoke ID|PREFIX";

async function main(argv: string[]): Promise<number> {
  const admin = argv.includes("--admin");
  const args = argv.filter((a) => a !== "--admin");
  const [cmd, arg] = args;
  if (!cmd || !["create", "list", "revoke"].includes(cmd) || (cmd !== "list" && !arg)) {
    console.error(USAGE);
    return 2;
  }
  const db = await openScriptDb();
  try {
    if (cmd === "create") {
      const { token, row } = await createToken(args.slice(1).join(" "), admin ? ["admin"] : ["upload"]);
      console.error(`created token #${row.id} "${row.name}" (${row.prefix}…, scopes: ${row.scopes.join(", ")}); it is shown once, store it now:`);
      console.log(token);
    } else if (cmd === "list") {
      for (const t of await listTokens()) {
        const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : `last used ${t.lastUsedAt?.toISOString() ?? "never"}`;
        console.log(`#${t.id}\t${t.prefix}…\t${t.name}\t${t.scopes.join(",")}\tcreated ${t.createdAt.toISOString()}\t${state}`);
      }
    } else {
      const revoked = await revokeToken(arg);
      if (revoked.length === 0) {
        console.error(`no live token with id or prefix "${arg}"`);
        return 1;
      }
      for (const t of revoked) console.log(`revoked #${t.id} ${t.prefix}… ${t.name}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`token: ${(err as Error).message}`);
    process.exit(1);
  },
);
