// Runs once when a server process starts: refuse to start on bad configuration, apply
// pending migrations, and seed the demo data into an empty database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareDatabase } = await import("./lib/server/prepare");
  await prepareDatabase();
}
