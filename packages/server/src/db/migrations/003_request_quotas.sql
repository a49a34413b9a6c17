-- Anonymous calls that create accounts or send mail, counted per client address (and per
-- username for reset mails) so that one client cannot flood the administrators or a mailbox.
CREATE TABLE app.request_events (
  kind text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_events_kind_key ON app.request_events (kind, key, at);
