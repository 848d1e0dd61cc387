import "server-only";
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "@/lib/shared/web/escape-html";

// The legal documents are Markdown an operator writes (/admin/legal), rendered on the server into
// the page. `marked` (a maintained CommonMark/GFM parser, already installed through the mail
// templates) with two rules make it safe without a separate HTML sanitiser: raw HTML in the text
// is escaped, never passed through (so no <script>, no on* attribute, no <iframe>), and a link or
// image keeps its URL only when it is relative to the site, http(s) or mailto (no javascript: or
// data: URL). marked escapes every other text and attribute it writes. Images are shown as their
// alt text: a legal page needs none, and an outside image would leak readers to its host.

/** A URL a link may keep: a path on this site, an in-page anchor, http(s) or mailto. */
export function safeHref(href: string): string | null {
  const url = href.trim();
  if (/^\/(?!\/)/.test(url) || url.startsWith("#")) return url;
  if (/^(https?:|mailto:)/i.test(url) && !/[\u0000-\u001f]/.test(url)) return url;
  return null;
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      if (safe === null) return inner;
      const outside = /^(https?:|mailto:)/i.test(safe);
      return `<a href="${escapeHtml(safe)}"${title ? ` title="${escapeHtml(title)}"` : ""}${outside ? ' rel="noopener noreferrer nofollow"' : ""}>${inner}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

/** The HTML of an operator's Markdown, safe to put in the page. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false }) as string;
}
