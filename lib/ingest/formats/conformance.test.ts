// Every record converted from every fixture is a line the results-format parser accepts (the v1
// schemas of ../schemas.ts; v1.1 fields such as output and judge are at most warnings there).
import { readdirSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateLine } from "../validate";
import { RECORD_TYPES } from "../types";
import { CONVERTERS, type FormatName } from "./index";
import { collect, fixture, FIXTURES } from "./test-helpers";

function filesOf(format: string, dir = ""): string[] {
  return readdirSync(`${FIXTURES}${format}/${dir}`).flatMap((name) => {
    const rel = dir ? `${dir}/${name}` : name;
    return statSync(`${FIXTURES}${format}/${rel}`).isDirectory() ? filesOf(format, rel) : [rel];
  });
}

describe("converted records are valid results-format lines", () => {
  it.each(Object.keys(CONVERTERS) as FormatName[])("%s", async (format) => {
    const names = filesOf(format).filter((n) => !(format === "inspect" && n.startsWith("eval-zip/")));
    const { records } = await collect(CONVERTERS[format], fixture(format, ...names), { includePerturbations: true });
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      if (record.type === "model") {
        expect(record.id).toMatch(/\S/);
        continue;
      }
      expect((RECORD_TYPES as readonly string[]).includes(record.type)).toBe(true);
      const v = validateLine(JSON.stringify(record));
      expect(v.ok ? null : v.message, JSON.stringify(record).slice(0, 200)).toBeNull();
    }
  });
});
