import { describe, expect, it } from "vitest";
import { savedLeaderboardInput } from "./saved";

describe("savedLeaderboardInput", () => {
  it("refuses text the database cannot store in the title, query and filters, naming the field", () => {
    const issue = (body: object) => savedLeaderboardInput.safeParse({ slug: "ok-slug", title: "A title", ...body }).error?.issues[0];
    expect(issue({ title: "a\u0000b" })).toMatchObject({ path: ["title"], message: "must not contain a NUL byte" });
    expect(issue({ query: "x\uD800" })).toMatchObject({ path: ["query"], message: "must be valid Unicode (it has an unpaired surrogate)" });
    expect(issue({ filters: { tag: ["fine", "bad\u0000"] } })).toMatchObject({ path: ["filters", "tag", 1], message: "must not contain a NUL byte" });
    expect(issue({ title: "x".repeat(121) })).toMatchObject({ path: ["title"], message: "must be at most 120 characters" });
    expect(savedLeaderboardInput.parse({ slug: "ok-slug", title: "  <script>alert(1)</script> ", filters: { tag: ["law"] } })).toMatchObject({ title: "<script>alert(1)</script>", filters: { tag: ["law"], benchmark: [] } });
  });
});
