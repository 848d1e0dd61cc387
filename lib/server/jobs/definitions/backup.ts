import "server-only";
import { backupNow, backupSettings } from "../../platform/backup";
import { config } from "../../platform/config";
import type { TimedJob } from "../job";

export const backupJob: TimedJob = {
  id: "platform.backup",
  does: "A consistent copy of the SQLite database and the uploads into BACKUP_DIR, keeping the newest BACKUP_KEEP (lib/server/platform/backup.ts); off unless BACKUP_EVERY_HOURS is set, and never on PostgreSQL (pg_dump and point-in-time recovery there).",
  cadence: { label: "every BACKUP_EVERY_HOURS hours, the first one period after start-up", everyMs: () => Math.max(1, backupSettings().everyHours) * 3600_000 },
  once: "Each instance on its own data folder backs up its own file; two on one folder (one SQLite file) at the same moment write one backup (its folder is named by the moment, and one already there is the backup), and prune to the same newest BACKUP_KEEP.",
  enabled: () => backupSettings().everyHours > 0 && config().databaseProvider === "sqlite",
  run: async (now) => {
    // Never started there (enabled), and a run asked by hand does nothing either.
    if (config().databaseProvider !== "sqlite") return { log: "backup: skipped on PostgreSQL (pg_dump or point-in-time recovery there)" };
    const { folder, manifest, pruned } = backupNow(now);
    return { log: `backup: ${folder} (${manifest.bytes} bytes, ${manifest.uploads} uploads)${pruned.length ? `; removed ${pruned.length} old` : ""}` };
  },
};
