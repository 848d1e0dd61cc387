import "server-only";
import { z } from "zod";
import { util, type $ZodRawIssue } from "zod/v4/core";
import { said } from "@/lib/shared/words/said";

// zod's own messages (a schema check that names none) said as the catalogue's `rules.zod` keys,
// their values as zod's English locale writes them, so the API answers them in the request's
// language like every other message, and in English byte for byte as zod words them. A check
// the catalogue has no words for keeps zod's English. Set once for the server's zod (errors.ts imports it).

const SIZED: Record<string, string> = { string: "characters", file: "bytes", array: "items", set: "items", map: "entries" };
const typeName = (type: string, input?: unknown) =>
  type === "number" && typeof input === "number" && !Number.isFinite(input) ? String(input) : type === "nan" ? "NaN" : type;

/** The said message for zod's issue, or undefined: zod's own English. */
export function zodSaid(issue: $ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return said("rules.zod.type", { expected: typeName(issue.expected), received: typeName(util.parsedType(issue.input), issue.input) });
    case "invalid_value":
      return issue.values.length === 1
        ? said("rules.zod.value", { value: util.stringifyPrimitive(issue.values[0]) })
        : said("rules.zod.option", { list: util.joinValues(issue.values, "|") });
    case "too_big":
    case "too_small": {
      const big = issue.code === "too_big";
      const adj = issue.exact ? "exactly " : issue.inclusive ? (big ? "<=" : ">=") : big ? "<" : ">";
      const origin = String(issue.origin ?? (big ? "value" : undefined));
      const limit = adj + String(big ? issue.maximum : issue.minimum);
      const unit = SIZED[origin];
      if (big) return unit ? said("rules.zod.tooBigSize", { origin, max: limit, unit }) : said("rules.zod.tooBig", { origin, max: limit });
      return unit ? said("rules.zod.tooSmallSize", { origin, min: limit, unit }) : said("rules.zod.tooSmall", { origin, min: limit });
    }
    case "invalid_format":
      return issue.format === "regex" && "pattern" in issue ? said("rules.zod.pattern", { pattern: String(issue.pattern) }) : undefined;
    case "not_multiple_of":
      return said("rules.zod.multiple", { divisor: String(issue.divisor) });
    case "unrecognized_keys":
      return said(issue.keys.length > 1 ? "rules.zod.keys" : "rules.zod.key", { keys: util.joinValues(issue.keys, ", ") });
    case "invalid_union":
      if (Array.isArray(issue.options) && issue.options.length > 0)
        return said("rules.zod.discriminator", { list: issue.options.map((option: unknown) => `'${String(option)}'`).join(" | ") });
      return issue.inclusive === false ? said("rules.zod.union") : undefined;
    default:
      return undefined;
  }
}

z.config({ customError: zodSaid });
