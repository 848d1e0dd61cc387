import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvDollars, csvLine } from "./csv";

describe("csv", () => {
  it("quotes quotes, commas and line breaks, and reads back as written", () => {
    const values = ['Say "hi"', "a,b", "two\nlines", "plain", ""];
    const line = csvLine(values);
    expect(line).toBe('"Say ""hi""","a,b","two\nlines",plain,\r\n');
    expect(parse(line)).toEqual([values]);
  });

  it("defuses cells a spreadsheet would run as formulas, but not plain numbers", () => {
    expect(["=SUM(A1)", "+1+1", "-2+3", "@cmd", "\tx"].map(csvCell)).toEqual(["'=SUM(A1)", "'+1+1", "'-2+3", "'@cmd", "'\tx"]);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect([csvCell("-0.50"), csvCell(-3), csvCell(null)]).toEqual(["-0.50", "-3", ""]);
  });

  it("writes money as dollars with two decimals", () => {
    expect([csvDollars(1234), csvDollars(5), csvDollars(-50), csvDollars(0)]).toEqual(["12.34", "0.05", "-0.50", "0.00"]);
  });
});
