import { jsonLdText } from "@/lib/shared/web/structured-data";

/**
 * schema.org data for search engines (lib/shared/web/structured-data.ts). A data block, not a script:
 * browsers never run `application/ld+json`, so the page's script policy (its nonce) does not
 * apply, and the text is escaped so that no value can close the element.
 */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
