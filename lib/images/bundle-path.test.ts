import { describe, expect, it } from "vitest";
import { bundlePathProblem, normalizeBundlePath } from "./bundle-path";

describe("bundle paths", () => {
  it("accepts relative paths and normalises ./", () => {
    for (const p of ["a.png", "img/a.png", "./img/./a.png", "a..b.png"]) expect(bundlePathProblem(p)).toBeNull();
    expect(normalizeBundlePath("./img/./a.png")).toBe("img/a.png");
  });
  it.each([
    ["../a.png", /\.\./],
    ["img/../../etc/passwd", /\.\./],
    ["/etc/passwd", /absolute/],
    ["C:/x.png", /absolute/],
    ["img\\a.png", /"\/"/],
    ["a\0.png", /NUL/],
    ["img//a.png", /empty folder/],
    ["img/", /folder/],
  ])("refuses %j", (p, message) => {
    expect(bundlePathProblem(p)).toMatch(message);
  });
});
