// What a token may do. `upload`: send results files and save leaderboards. `admin`: that, and manage
// tokens and trigger refreshes. A token is created with `upload` unless asked otherwise.
export const SCOPES = ["upload", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/** Whether a token with `scopes` may do what needs `needed` (admin includes upload). */
export function allows(scopes: readonly string[], needed: Scope): boolean {
  return scopes.includes(needed) || scopes.includes("admin");
}
