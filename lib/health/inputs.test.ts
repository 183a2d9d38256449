import { describe, expect, it } from "vitest";
import { inputProblem } from "./inputs";

describe("inputProblem", () => {
  it.each([
    ["", false, "empty_input"],
    [" \n\t", false, "empty_input"],
    ["?!", false, "trivial_input"],
    ["...?", false, "trivial_input"],
    ["ok", false, "trivial_input"],
    ["2+2", false, null],
    ["", true, null],
    ["What is the capital of France?", false, null],
  ] as const)("%j (image %s) → %s", (input, image, want) => expect(inputProblem(input, image)).toBe(want));
});
