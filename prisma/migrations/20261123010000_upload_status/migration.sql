-- The statuses of an upload (lib/db/upload-status.ts), enforced: a status written anywhere else is
-- refused instead of silently hiding (or publishing) the upload's rows.
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_status_check"
  CHECK ("status" IN ('queued', 'running', 'failing', 'done', 'failed'));
