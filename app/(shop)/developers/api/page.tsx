import type { Metadata } from "next";
import { ApiReference } from "@/components/developers/api-reference";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "API reference" };

// The readable form of /api/openapi.json, rendered on the server from the same document.
export default function ApiReferencePage() {
  return (
    <div className="container">
      <PageHeader
        title="Nosh API reference"
        subtitle={
          <>
            Every call the web app makes, generated from the same contract as the <a href="/api/openapi.json">OpenAPI 3.1 document</a>.
          </>
        }
      />
      <ApiReference />
    </div>
  );
}
