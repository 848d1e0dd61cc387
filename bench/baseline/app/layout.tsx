import type { ReactNode } from "react";

// Next requires a root layout; the baseline serves no pages.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
