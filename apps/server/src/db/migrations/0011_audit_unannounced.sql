-- Audit entries arrive with every sign-in and every change; the audit log is read afresh rather
-- than cached, so announcing each insert would cost every write and save no read.
DROP TRIGGER IF EXISTS "audit_events_inserted" ON "audit_events";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_deleted" ON "audit_events";
