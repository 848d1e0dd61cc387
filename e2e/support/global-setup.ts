import { clearTemplates } from "./server";

// Both Playwright configs' globalSetup: this run's private servers start from template databases
// of its own (support/server.ts templateDatabase), made on first use.
export default function globalSetup(): void {
  clearTemplates();
}
