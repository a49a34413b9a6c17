// The importer's saved mappings (ESCOLHER/SALVAR/EXCLUIR MODELO).
import { t, type ImportTemplateBody, type PagingQuery } from '@gis/shared'
import type { Db } from '../../db/types'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import * as sql from './dataloader.sql'
import type { User } from './dataloader.service'

const TEMPLATE_SORT = {
  name: 't.name',
  description: 't.description',
  createdDate: 't.created_at',
  user: 'u.username',
}

export async function listTemplates(db: Db, user: User, query: PagingQuery & { search?: string }) {
  const paging = toSqlPaging(query, TEMPLATE_SORT, 'name')
  const { rows, total } = await sql.listTemplates(db, user.id, query.search, paging)
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      createdDate: r.created_at.toISOString(),
      user: r.username,
      isPublic: r.is_public,
      metadata: r.metadata as Record<string, unknown>,
    })),
  }
}

export async function createTemplate(
  db: Db,
  user: User,
  body: ImportTemplateBody,
): Promise<number> {
  const metadata = {
    ...body.metadata,
    mappings: (body.metadata.mappings ?? []).filter((m) => m.destiny),
  }
  return sql.insertTemplate(db, user.id, {
    name: body.name,
    description: body.description ?? '',
    metadata,
    isPublic: body.isPublic ?? true,
  })
}

export async function deleteTemplate(db: Db, user: User, id: number): Promise<void> {
  const found = await sql.findTemplate(db, user.id, id)
  if (!found) throw new HttpError(404, t('dataloader.templateNotFound'))
  if (found.user_id !== user.id && !user.admin) {
    throw new HttpError(403, t('dataloader.templateNotOwner'))
  }
  await sql.deleteTemplate(db, id)
}
