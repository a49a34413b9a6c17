import type { AppDeps } from '../../app-deps'
import * as surveysSql from './surveys.sql'
import { deleteImagesByPrefix } from './images.sql'

/** Where a survey's images are served: imported `s<id>`, demo `demo/<id>` (the seed's). */
export const surveyImageDir = (id: number, source: 'demo' | 'import') =>
  source === 'demo' ? `demo/${id}` : `s${id}`

/**
 * Deletes a survey with its events and frames, and its stored images: their rows first, in
 * the same transaction, then the files once committed. Answers whether the survey existed.
 */
export async function removeSurveyImages(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  id: number,
  source: 'demo' | 'import',
): Promise<boolean> {
  const dir = surveyImageDir(id, source)
  const { existed, keys } = await deps.db.transaction(async (tx) => {
    const keys = [
      ...(await deleteImagesByPrefix(tx, `cameras/${dir}/`)),
      ...(await deleteImagesByPrefix(tx, `panoramas/${dir}/`)),
    ]
    return { existed: await surveysSql.deleteSurvey(tx, id), keys }
  })
  for (const key of keys) await deps.storage.delete(key).catch(() => undefined)
  return existed
}
