-- A layer an administrator made public: its vector tiles are served to anyone, signed in or
-- not, with headers a shared cache (a CDN) may keep (issue 32, decision 85).
ALTER TABLE app.layers ADD COLUMN public boolean NOT NULL DEFAULT false;
