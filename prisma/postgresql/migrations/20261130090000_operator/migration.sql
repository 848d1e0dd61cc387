-- Twin of the SQLite migration: the operator and the append-only audit log (issue 40).
ALTER TABLE "User" ADD COLUMN "operator" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "AuditLog" (
    "id" SERIAL PRIMARY KEY,
    "operatorId" INTEGER,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "detail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditLog_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");
CREATE INDEX "AuditLog_targetType_targetId_idx" ON "AuditLog"("targetType", "targetId");

-- Append-only: what an operator did can never be edited or erased, not even by the app.
CREATE FUNCTION "AuditLog_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
CREATE TRIGGER "AuditLog_no_update_or_delete" BEFORE UPDATE OR DELETE ON "AuditLog"
FOR EACH ROW EXECUTE FUNCTION "AuditLog_append_only"();
