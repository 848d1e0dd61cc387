import { describe, expect, it } from "vitest";
import { renderMarkdown, safeHref } from "./markdown";

describe("the legal documents' Markdown", () => {
  it("renders headings, lists, tables and links", () => {
    const html = renderMarkdown("## Your data\n\n- one\n- [two](/account)\n\n| a | b |\n| - | - |\n| 1 | 2 |\n");
    expect(html).toContain("<h2>Your data</h2>");
    expect(html).toContain('<li><a href="/account">two</a></li>');
    expect(html).toContain("<table>");
  });

  it("escapes raw HTML and drops unsafe URLs, so an operator's text cannot run script", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) ![pic](https://tracker.example/p.gif)\n\nText <b onclick="x()">bold</b>',
    );
    expect(html).not.toMatch(/<script|<img|<b |onerror="|href="javascript|href="data/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("click");
    expect(html).not.toContain("tracker.example");
    expect(renderMarkdown("[x](https://example.com)")).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>');
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref(" JAVASCRIPT:alert(1)")).toBeNull();
  });
});
