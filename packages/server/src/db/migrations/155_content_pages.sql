-- Issue 30: the page images of PDF contents (the documents' preview), rendered by pdftoppm on
-- the first request and kept in the storage.
CREATE TABLE app.content_pages (
  content_id bigint NOT NULL REFERENCES app.contents(id) ON DELETE CASCADE,
  page int NOT NULL,
  storage_key text NOT NULL,
  PRIMARY KEY (content_id, page)
);
