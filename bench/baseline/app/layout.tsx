import type { ReactNode } from "react";

// The root layout of the bare pages (app/page/): a document and nothing else.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
