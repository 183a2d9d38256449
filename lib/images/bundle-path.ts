// Paths inside an upload bundle, as a sample's `image` field and the bundle's entries name them:
// relative, forward slashes, no `..`, so no name can reach outside the bundle — whatever later
// reads them. Both sides are normalised the same way (a leading "./" dropped) before they are compared.

/** Why `p` is not an acceptable bundle path, or null. */
export function bundlePathProblem(p: string): string | null {
  if (p.includes("\0")) return "must not contain a NUL character";
  if (p.includes("\\")) return 'must use "/" between folders, not "\\"';
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p)) return "must be a relative path inside the bundle, not an absolute one";
  const segments = p.split("/");
  if (segments.includes("..")) return 'must not contain ".." (a path inside the bundle)';
  if (segments.some((s, i) => s === "" && i < segments.length - 1)) return "must not contain empty folder names";
  if (p.endsWith("/")) return "must name a file, not a folder";
  return null;
}

/** The comparable form of a valid bundle path ("./a/./b.png" → "a/b.png"). */
export function normalizeBundlePath(p: string): string {
  return p
    .split("/")
    .filter((s) => s !== ".")
    .join("/");
}
