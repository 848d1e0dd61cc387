// npm run backup: a consistent copy of the SQLite database, taken while the server runs (VACUUM
// INTO), with the uploads, into BACKUP_DIR (default <DATA_DIR>/backups/nosh-<time>/), keeping the
// newest BACKUP_KEEP (lib/server/platform/backup.ts; docs/deploying.md "Backups"). Prints the
// folder; exits 1 on PostgreSQL (pg_dump there) or on any failure.
import { backupNow } from "@/lib/server/platform/backup";

try {
  const { folder, manifest, pruned } = backupNow();
  console.log(`backup: ${folder} (${(manifest.bytes / 1048576).toFixed(1)} MB database, ${manifest.migrations.length} migrations, ${manifest.uploads} uploads)`);
  for (const old of pruned) console.log(`backup: removed ${old} (BACKUP_KEEP)`);
  process.exit(0);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
