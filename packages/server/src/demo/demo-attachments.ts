import type { Queryable } from '../db/types'
import { insertDemoPhotos, type NewDemoPhoto } from '../modules/attachments/attachments.sql'
import type { PhotoRecipe, PhotoView } from './demo-photos'

const DESCRIPTIONS: Record<PhotoView, (codigo: string) => string> = {
  elevation: (c) => `${c}: vista lateral na inspeção rotineira`,
  deck: (c) => `${c}: tabuleiro, pavimento e barreiras`,
  pier: (c) => `${c}: pilar, aparelhos de apoio e manchas de umidade`,
}

/**
 * Photos of one bridge in three: a side view, and for most the deck and a pier, taken by the
 * field team on the day of the last inspection. Only their recipes are stored here; the
 * attachments module draws each photo into the storage the first time it is needed (decision
 * in the features report: the seed stays fast, and every DATA_DIR gets the files).
 */
export async function seedDemoPhotos(db: Queryable): Promise<number> {
  const { rows } = await db.query<{
    id: number
    codigo: string
    tipo: 'ponte' | 'viaduto' | 'passarela'
    ultima_inspecao: string
  }>(
    `SELECT id, codigo, tipo, ultima_inspecao::text AS ultima_inspecao
       FROM data.oae WHERE NOT d_e_l_e_t_ AND id % 3 = 1 ORDER BY id`,
  )
  const photos: NewDemoPhoto[] = []
  for (const b of rows) {
    const id = Number(b.id)
    const views: PhotoView[] = id % 2 === 0 ? ['elevation', 'deck', 'pier'] : ['elevation', 'pier']
    views.forEach((view, i) => {
      const hour = 9 + ((id * 7 + i * 2) % 7)
      const recipe: PhotoRecipe = { v: 1, kind: b.tipo, view, seed: id * 101 + i * 13, hour }
      const taken = new Date(
        `${b.ultima_inspecao}T${String(hour).padStart(2, '0')}:${String((id * 13 + i * 17) % 60).padStart(2, '0')}:00-03:00`,
      )
      const stamp = taken.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15)
      photos.push({
        layer: 'oae',
        featureId: id,
        recipe: JSON.stringify(recipe),
        filename: `IMG_${stamp}.jpg`,
        description: DESCRIPTIONS[view](b.codigo),
        username: 'demo',
        uploadedAt: new Date(taken.getTime() + 6 * 3_600_000),
      })
    })
  }
  await insertDemoPhotos(db, photos)
  return photos.length
}
