// The one way the portal writes numbers, intervals, times and embedder names (rules in each file).
export * from "./numbers";
export * from "./scores";
export * from "./axis";
export * from "./time";
export * from "./embedder";
