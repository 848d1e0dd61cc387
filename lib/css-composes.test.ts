import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./import-graph";

// A class that composes another module's class (`composes: stack from "../ui/shared.module.css"`)
// adds to it and never sets a property the composed class sets: the two rules live in different
// CSS chunks, and which one wins would depend on the order the chunks load (the footer's links
// stacked at 1280 px once shared rules were folded). A screen that needs another value writes its
// own rule, or a shared variant.

type Rule = { selector: string; decls: [prop: string, value: string][] };

/** The rules of a stylesheet, those inside @media and @supports included (a tiny reader for our modules: no nesting of rules). */
function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const rules: Rule[] = [];
  let i = 0;
  const read = (end: number) => {
    while (i < end) {
      const open = text.indexOf("{", i);
      if (open < 0 || open >= end) return;
      const selector = text.slice(i, open).trim();
      let depth = 1;
      let close = open + 1;
      for (; close < end && depth > 0; close++) depth += text[close] === "{" ? 1 : text[close] === "}" ? -1 : 0;
      if (selector.startsWith("@")) {
        i = open + 1;
        read(close - 1);
      } else {
        const decls = text
          .slice(open + 1, close - 1)
          .split(";")
          .filter((decl) => decl.includes(":"))
          .map((decl): [string, string] => [decl.slice(0, decl.indexOf(":")).trim(), decl.slice(decl.indexOf(":") + 1).trim()]);
        rules.push({ selector, decls });
      }
      i = close;
    }
  };
  read(text.length);
  return rules;
}

/** A shorthand and the longhands it sets (`margin` sets `margin-bottom`): either one overrides the other. */
const SHORTHANDS: Record<string, RegExp> = {
  margin: /^margin-/,
  padding: /^padding-/,
  gap: /^(row|column)-gap$/,
  border: /^border-(top|right|bottom|left|block|inline|color|style|width)/,
  background: /^background-/,
  overflow: /^overflow-/,
  "list-style": /^list-style-/,
  font: /^font-/,
  inset: /^(top|right|bottom|left|inset-)/,
};
const sameProperty = (a: string, b: string) => a === b || !!SHORTHANDS[a]?.test(b) || !!SHORTHANDS[b]?.test(a);

/** The properties set by the rules whose selector (or one of a list) is exactly `.name`. */
const propsOf = (rules: Rule[], name: string): Set<string> =>
  new Set(rules.filter((rule) => rule.selector.split(",").some((one) => one.trim() === `.${name}`)).flatMap((rule) => rule.decls.map(([prop]) => prop)));

/** "file .links sets flex-direction, set by ../ui/shared.module.css .stack" for each override of a class composed from another module. */
function overrides(file: string, css: string, readModule: (from: string) => string): string[] {
  const rules = rulesOf(css);
  const found: string[] = [];
  for (const rule of rules) {
    const own = /^\.([\w-]+)$/.exec(rule.selector)?.[1];
    const composes = /^([\w\s-]+?)\s+from\s+"([^"]+)"$/.exec(rule.decls.find(([prop]) => prop === "composes")?.[1] ?? "");
    if (!own || !composes) continue;
    const [, names, from] = composes as unknown as [string, string, string];
    const theirs = rulesOf(readModule(from));
    const mine = propsOf(rules, own);
    for (const name of names.split(/\s+/)) {
      for (const prop of propsOf(theirs, name)) {
        const clash = [...mine].find((one) => one !== "composes" && prop !== "composes" && sameProperty(one, prop));
        if (clash) found.push(`${file} .${own} sets ${clash}, set by ${from} .${name}`);
      }
    }
  }
  return found;
}

function modules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === ".next") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".module.css")) found.push(path.relative(root, full));
    }
  };
  for (const folder of ["app", "components", "lib"]) walk(path.join(root, folder));
  return found.sort();
}

describe("a composed class is added to, never overridden", () => {
  it("finds a composing class that sets a composed property, in a media query too, and nothing else", () => {
    const shared = ".stack { display: flex; flex-direction: column; gap: 1rem; margin: 0; }";
    const css = [
      '.links {\n  composes: stack from "./s.css";\n  color: red;\n}',
      "@media (min-width: 768px) {\n  .links {\n    flex-direction: row;\n  }\n}",
      '.numbers {\n  composes: stack from "./s.css";\n  margin-bottom: 1rem;\n}',
      '.about {\n  composes: stack from "./s.css";\n  color: blue;\n}',
      ".links a {\n  display: block;\n}",
    ].join("\n");
    expect(overrides("f.css", css, () => shared)).toEqual([
      "f.css .links sets flex-direction, set by ./s.css .stack",
      "f.css .numbers sets margin-bottom, set by ./s.css .stack",
    ]);
  });

  it("no module overrides a class it composes from another module", () => {
    const files = modules();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      overrides(file, readFileSync(path.join(root, file), "utf8"), (from) => readFileSync(path.join(root, path.dirname(file), from), "utf8")),
    );
    expect(found).toEqual([]);
  });
});
