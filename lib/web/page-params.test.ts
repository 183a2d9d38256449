import { describe, expect, it } from "vitest";
import { pageParamsProblem } from "./page-params";

const problem = (url: string) => {
  const u = new URL(url, "http://localhost");
  return pageParamsProblem(u.pathname, u.searchParams);
};

describe("pageParamsProblem", () => {
  it("names the invalid parameter of each page that reads parameters", () => {
    expect(problem("/leaderboard?k=abc")).toMatch(/^Parameter "k": /);
    expect(problem("/query?method=nonsense")).toMatch(/^Parameter "method": /);
    expect(problem("/samples?threshold=2")).toMatch(/^Parameter "threshold": /);
    expect(problem("/samples?limit=0")).toMatch(/^Parameter "limit": must be at least 1/);
    expect(problem("/compare?models=a&models=b&threshold=7")).toMatch(/^Parameter "threshold": /);
    expect(problem("/models/gpt-4?limit=-3")).toMatch(/^Parameter "limit": /);
    expect(problem("/leaderboards/overall?method=nonsense")).toMatch(/^Parameter "method": /);
  });

  it("lets valid views, pages without parameters and views the page first cleans up through", () => {
    expect(problem("/leaderboard?q=algebra&k=50&method=elo")).toBeNull();
    expect(problem("/samples?threshold=0.3&limit=20")).toBeNull();
    expect(problem("/models/gpt-4")).toBeNull();
    expect(problem("/about?k=abc")).toBeNull();
    expect(problem("/models/a/b?limit=-3")).toBeNull();
    // The leaderboard first redirects to its URL without empty values, then that one is checked.
    expect(problem("/leaderboard?k=&q=x")).toBeNull();
    // A saved leaderboard reads only the view parameters, and only when one is given.
    expect(problem("/leaderboards/overall?k=abc")).toBeNull();
  });
});
