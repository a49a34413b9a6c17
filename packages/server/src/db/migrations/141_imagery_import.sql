-- Loading real surveys (issue 29 point 3): the import job that made a survey, so a job taken up
-- again after a restart first removes what its interrupted run left (nothing half imported).
ALTER TABLE app.imagery_surveys ADD COLUMN import_job_id bigint;
CREATE INDEX imagery_surveys_import_job ON app.imagery_surveys (import_job_id)
  WHERE import_job_id IS NOT NULL;
