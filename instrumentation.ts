// Runs once when a server process starts: refuse to start on bad configuration, apply
// pending migrations, and seed the demo data into an empty database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareDatabase } = await import("./lib/server/prepare");
  try {
    await prepareDatabase();
  } catch (error) {
    // Next.js logs a failed register() and keeps serving, every request then failing; a
    // server that cannot guarantee its settings (SQLite's, the session secret) must not run.
    console.error(`[nosh] refusing to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
