-- The AUDITOR's default order, timestamp newest first and then id (spec 3 §9): one backward
-- scan of this index reads a page without sorting the whole audit log.
CREATE INDEX audit_log_at_id ON app.audit_log (at, id);
