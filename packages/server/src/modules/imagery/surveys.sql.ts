import type { Queryable } from '../../db/types'
import { selectPage } from '../../db/paged.sql'

// The surveys as the administrators list, import and delete them (survey import, issue 29 §3);
// the rows themselves are inserted and read by imagery.sql.ts.

export interface SurveyRow {
  id: number
  name: string
  date: string | null
  description: string
  source: 'demo' | 'import'
  events: number
  frames: number
  roads: string[]
  createdDate: string
}

/** The list's sort names to their columns. */
export const SURVEY_SORTS = { name: 's.name', date: 's.survey_date', createdDate: 's.created_at' }

/** One page of surveys with their counts of events and frames and their roads. */
export function selectSurveys(
  db: Queryable,
  paging: { orderBy: string; limit: number; offset: number },
) {
  return selectPage<SurveyRow>(db, {
    columns: `s.id, s.name, to_char(s.survey_date, 'YYYY-MM-DD') AS date, s.description, s.source,
      (SELECT count(*)::int FROM app.imagery_events e WHERE e.survey_id = s.id) AS events,
      (SELECT count(*)::int FROM app.imagery_frames f JOIN app.imagery_events e ON e.id = f.event_id
        WHERE e.survey_id = s.id) AS frames,
      ARRAY(SELECT DISTINCT e.road FROM app.imagery_events e WHERE e.survey_id = s.id
        ORDER BY e.road) AS roads,
      to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"`,
    from: 'app.imagery_surveys s',
    orderBy: `${paging.orderBy}, s.id`,
    limit: paging.limit,
    offset: paging.offset,
  })
}

/** Whether a survey has this name already. */
export async function surveyNameTaken(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM app.imagery_surveys WHERE name = $1`, [name])
  return rows.length > 0
}

/** Marks a survey as made by an import job. */
export async function setSurveyImportJob(db: Queryable, surveyId: number, jobId: number) {
  await db.query(`UPDATE app.imagery_surveys SET import_job_id = $2 WHERE id = $1`, [
    surveyId,
    jobId,
  ])
}

/** The surveys an import job made (an interrupted run's, to remove before running again). */
export async function surveysOfImportJob(
  db: Queryable,
  jobId: number,
): Promise<{ id: number; source: 'demo' | 'import' }[]> {
  const { rows } = await db.query<{ id: number; source: 'demo' | 'import' }>(
    `SELECT id, source FROM app.imagery_surveys WHERE import_job_id = $1`,
    [jobId],
  )
  return rows
}

/** A survey's source, or undefined when it does not exist. */
export async function surveySource(
  db: Queryable,
  id: number,
): Promise<'demo' | 'import' | undefined> {
  const { rows } = await db.query<{ source: 'demo' | 'import' }>(
    `SELECT source FROM app.imagery_surveys WHERE id = $1`,
    [id],
  )
  return rows[0]?.source
}

/** Deletes a survey with its events and frames (cascade); answers whether it existed. */
export async function deleteSurvey(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM app.imagery_surveys WHERE id = $1`, [id])
  return rowCount > 0
}

/** Deletes events (and their frames) left out of an import. */
export async function deleteEvents(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await db.query(`DELETE FROM app.imagery_events WHERE id = ANY($1::bigint[])`, [ids])
}
