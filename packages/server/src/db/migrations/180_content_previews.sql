-- Issue 41: a PDF's preview (its page count and thumbnail) is made by a job after the upload,
-- not inside it; a preview or a page image that poppler could not make in its time and memory
-- is remembered, so the same PDF is not parsed again.
ALTER TABLE app.contents
  ADD COLUMN preview_state text NOT NULL DEFAULT 'done'
  CHECK (preview_state IN ('pending', 'done', 'failed'));
-- A page image that failed: a row without a stored file.
ALTER TABLE app.content_pages ALTER COLUMN storage_key DROP NOT NULL;
