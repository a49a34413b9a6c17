import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import sharp from 'sharp'
import type { Queryable } from '../db/types'

// The demo library (issue 30): four folders, a few small PDFs and sketches, some linked to
// demo bridges. Only recipes are stored: the content store draws each file into the storage
// the first time it is asked for (as the demo photos), so the seed stays fast and every
// DATA_DIR gets the files. The seed draws each file once to record its exact size.

interface PdfRecipe {
  v: 1
  kind: 'pdf'
  title: string
  subtitle: string
  pages: string[][]
}
interface SketchRecipe {
  v: 1
  kind: 'sketch'
  title: string
  seed: number
}
type Recipe = PdfRecipe | SketchRecipe

const NAVY = rgb(0.09, 0.2, 0.36)
const GREY = rgb(0.35, 0.35, 0.35)

function drawPage(page: PDFPage, fonts: { bold: PDFFont; body: PDFFont }, r: PdfRecipe, n: number) {
  const { width, height } = page.getSize()
  page.drawRectangle({ x: 0, y: height - 70, width, height: 70, color: NAVY })
  page.drawText('Rodovias do Interior S.A.', {
    x: 40,
    y: height - 42,
    size: 16,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  })
  page.drawText(r.title, { x: 40, y: height - 110, size: 18, font: fonts.bold, color: NAVY })
  page.drawText(r.subtitle, { x: 40, y: height - 132, size: 11, font: fonts.body, color: GREY })
  let y = height - 170
  for (const line of r.pages[n]!) {
    const heading = line.startsWith('# ')
    page.drawText(heading ? line.slice(2) : line, {
      x: 40,
      y,
      size: heading ? 13 : 11,
      font: heading ? fonts.bold : fonts.body,
      color: heading ? NAVY : rgb(0.1, 0.1, 0.1),
      maxWidth: width - 80,
    })
    y -= heading ? 24 : 18
  }
  page.drawLine({
    start: { x: 40, y: 50 },
    end: { x: width - 40, y: 50 },
    thickness: 0.5,
    color: GREY,
  })
  const footer = `Página ${n + 1} de ${r.pages.length}`
  page.drawText(footer, { x: width - 120, y: 34, size: 9, font: fonts.body, color: GREY })
}

async function renderPdf(r: PdfRecipe): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const fonts = {
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    body: await pdf.embedFont(StandardFonts.Helvetica),
  }
  r.pages.forEach((_, n) => drawPage(pdf.addPage([595, 842]), fonts, r, n))
  return Buffer.from(await pdf.save({ useObjectStreams: false }))
}

/** A location sketch: a road, a river and the work, as a small PNG. */
async function renderSketch(r: SketchRecipe): Promise<Buffer> {
  const bend = 120 + (r.seed % 7) * 20
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <rect width="800" height="500" fill="#f4f1e8"/>
    <path d="M0 ${bend} C 250 ${bend + 160}, 520 ${bend - 60}, 800 ${bend + 120}" stroke="#5b8fd1" stroke-width="26" fill="none"/>
    <path d="M380 0 L 420 500" stroke="#555" stroke-width="30"/>
    <path d="M380 0 L 420 500" stroke="#f2c230" stroke-width="2" stroke-dasharray="18 14"/>
    <rect x="360" y="${bend + 20}" width="80" height="70" fill="none" stroke="#c0392b" stroke-width="5"/>
    <text x="30" y="460" font-family="sans-serif" font-size="26" fill="#222">${r.title}</text>
    <text x="30" y="40" font-family="sans-serif" font-size="20" fill="#555">Croqui sem escala</text>
  </svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
}

/** Draws a demo document's file from its recipe (the JSON the seed stores). */
export async function renderDemoContent(recipeText: string): Promise<Buffer> {
  const recipe = JSON.parse(recipeText) as Recipe
  return recipe.kind === 'pdf' ? renderPdf(recipe) : renderSketch(recipe)
}

interface DemoDoc {
  folder: string
  filename: string
  title: string
  description: string
  tags: string[]
  recipe: Recipe
  daysAgo: number
  /** Index of the demo bridge it is linked to. */
  bridge?: number
}

const para = (...lines: string[]) => lines

const inspectionReport = (codigo: string, grade: string): PdfRecipe => ({
  v: 1,
  kind: 'pdf',
  title: `Relatório de inspeção rotineira – ${codigo}`,
  subtitle: 'Inspeção conforme ABNT NBR 9452:2023',
  pages: [
    para(
      '# 1. Identificação',
      `Obra de arte especial: ${codigo}`,
      'Equipe: Conservação – Engenharia de OAE',
      '# 2. Condição geral',
      `Nota de condição estrutural: ${grade}`,
      'Fissuras de retração na laje do tabuleiro, sem abertura relevante.',
      'Aparelhos de apoio com desgaste leve; juntas com acúmulo de detritos.',
    ),
    para(
      '# 3. Recomendações',
      'Limpeza das juntas de dilatação e dos drenos.',
      'Monitorar as fissuras na próxima inspeção rotineira.',
      '# 4. Registro fotográfico',
      'As fotografias estão anexadas à feição da OAE no GIS.',
    ),
  ],
})

function demoDocs(bridges: string[]): DemoDoc[] {
  const b = (i: number) => bridges[i] ?? `OAE-${i + 1}`
  return [
    {
      folder: 'Normas e manuais',
      filename: 'Manual de inspeção de OAE.pdf',
      title: 'Manual de inspeção de OAE',
      description: 'Procedimentos de inspeção de pontes e viadutos da concessão.',
      tags: ['manual', 'oae', 'inspeção'],
      daysAgo: 400,
      recipe: {
        v: 1,
        kind: 'pdf',
        title: 'Manual de inspeção de obras de arte especiais',
        subtitle: 'Revisão 3 – procedimento interno',
        pages: [
          para('# 1. Objetivo', 'Padronizar as inspeções cadastrais, rotineiras e especiais.'),
          para('# 2. Periodicidade', 'Rotineira: 12 meses. Especial: 5 anos.'),
          para('# 3. Notas de condição', '5 Excelente, 4 Boa, 3 Regular, 2 Ruim, 1 Crítica.'),
          para(
            '# 4. Registro',
            'Fotografias por elemento: superestrutura, mesoestrutura, infraestrutura.',
          ),
        ],
      },
    },
    {
      folder: 'Normas e manuais',
      filename: 'Diretrizes de sinalização vertical.pdf',
      title: 'Diretrizes de sinalização vertical',
      description: 'Critérios de implantação e conservação de placas.',
      tags: ['sinalização', 'placas'],
      daysAgo: 220,
      recipe: {
        v: 1,
        kind: 'pdf',
        title: 'Diretrizes de sinalização vertical',
        subtitle: 'Conservação de placas de regulamentação e advertência',
        pages: [
          para('# 1. Retrorrefletância', 'Medição anual das películas.'),
          para('# 2. Substituição', 'Placas com avarias devem ser trocadas em 72 horas.'),
        ],
      },
    },
    {
      folder: 'Projetos',
      filename: `Projeto de recuperação ${b(0)}.pdf`,
      title: `Projeto de recuperação estrutural – ${b(0)}`,
      description: 'Recuperação de pilares e substituição de aparelhos de apoio.',
      tags: ['projeto', 'oae', 'recuperação'],
      daysAgo: 60,
      bridge: 0,
      recipe: {
        v: 1,
        kind: 'pdf',
        title: `Projeto de recuperação estrutural – ${b(0)}`,
        subtitle: 'Memorial descritivo',
        pages: [
          para('# 1. Escopo', 'Tratamento de armaduras expostas nos pilares P1 e P2.'),
          para('# 2. Quantitativos', 'Argamassa polimérica: 3,5 m³. Aparelhos de apoio: 8 un.'),
        ],
      },
    },
    {
      folder: 'Projetos',
      filename: `Croqui ${b(0)}.png`,
      title: `Croqui de localização – ${b(0)}`,
      description: 'Localização da obra em relação ao rio e à rodovia.',
      tags: ['croqui', 'oae'],
      daysAgo: 58,
      bridge: 0,
      recipe: { v: 1, kind: 'sketch', title: b(0), seed: 1 },
    },
    {
      folder: 'Projetos',
      filename: `Croqui ${b(1)}.png`,
      title: `Croqui de localização – ${b(1)}`,
      description: '',
      tags: ['croqui', 'oae'],
      daysAgo: 30,
      bridge: 1,
      recipe: { v: 1, kind: 'sketch', title: b(1), seed: 4 },
    },
    {
      folder: 'Contratos',
      filename: 'Contrato de conservação 012-2025.pdf',
      title: 'Contrato de conservação rotineira nº 012/2025',
      description: 'Conservação de pavimento, drenagem e faixa de domínio.',
      tags: ['contrato', 'conservação'],
      daysAgo: 300,
      recipe: {
        v: 1,
        kind: 'pdf',
        title: 'Contrato de conservação rotineira nº 012/2025',
        subtitle: 'Vigência de 24 meses',
        pages: [
          para('# Cláusula primeira – Objeto', 'Serviços de conservação rotineira.'),
          para('# Cláusula segunda – Prazo', 'Vinte e quatro meses a contar da ordem de serviço.'),
          para('# Cláusula terceira – Valor', 'Conforme planilha orçamentária anexa.'),
        ],
      },
    },
    ...[2, 3, 4].map((i, n): DemoDoc => ({
      folder: 'Relatórios de inspeção',
      filename: `Inspeção rotineira ${b(i)}.pdf`,
      title: `Relatório de inspeção rotineira – ${b(i)}`,
      description: 'Relatório da última inspeção rotineira.',
      tags: ['inspeção', 'oae', 'relatório'],
      daysAgo: 20 + n * 45,
      bridge: i,
      recipe: inspectionReport(b(i), ['4 – Boa', '3 – Regular', '2 – Ruim'][n]!),
    })),
  ]
}

const FOLDERS = ['Projetos', 'Normas e manuais', 'Contratos', 'Relatórios de inspeção']

/** Seeds the demo library (folders, documents, links, history). Answers how many documents. */
export async function seedDemoDocuments(db: Queryable): Promise<number> {
  const folderIds = new Map<string, number>()
  for (const name of FOLDERS) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO app.document_folders (name) VALUES ($1) RETURNING id::int AS id`,
      [name],
    )
    folderIds.set(name, rows[0]!.id)
  }
  // The inspection reports: read by the field team and the regulator, written by administrators.
  await db.query(
    `INSERT INTO app.document_folder_groups (folder_id, group_id, can_write)
     SELECT $1, id, false FROM app.groups WHERE name IN ('Equipe de campo', 'Fiscalização')`,
    [folderIds.get('Relatórios de inspeção')],
  )
  const { rows: users } = await db.query<{ id: number; username: string }>(
    `SELECT id::int AS id, username FROM app.users WHERE username IN ('admin', 'demo') ORDER BY admin DESC`,
  )
  const author = users[0] ?? { id: null, username: 'admin' }
  const { rows: bridgeRows } = await db.query<{ id: number; codigo: string }>(
    `SELECT id::int AS id, codigo FROM data.oae WHERE NOT d_e_l_e_t_ ORDER BY id LIMIT 5`,
  )
  const docs = demoDocs(bridgeRows.map((r) => r.codigo))
  const files = await Promise.all(docs.map((d) => renderDemoContent(JSON.stringify(d.recipe))))
  for (const [i, d] of docs.entries()) {
    const recipe = JSON.stringify(d.recipe)
    const pages = d.recipe.kind === 'pdf' ? d.recipe.pages.length : null
    const type = d.recipe.kind === 'pdf' ? 'application/pdf' : 'image/png'
    const at = `now() - make_interval(days => ${d.daysAgo})`
    const { rows } = await db.query<{ doc: number }>(
      `WITH c AS (
         INSERT INTO app.contents (tag, title, filename, content_type, size, storage_key,
           page_count, created_by, created_at)
         VALUES ('documentos', $1, $2, $3, $4, 'demo:' || $5, $6, $7, ${at}) RETURNING id),
       d AS (
         INSERT INTO app.documents (folder_id, title, description, tags, created_by, created_at,
           updated_by, updated_at)
         VALUES ($8, $1, $9, $10::text[], $7, ${at}, $7, ${at}) RETURNING id),
       v AS (
         INSERT INTO app.document_versions (document_id, version, content_id, created_by, created_at)
         SELECT d.id, 1, c.id, $7, ${at} FROM d, c)
       INSERT INTO app.document_history (document_id, action, detail, user_id, username, at)
       SELECT d.id, 'CREATE', jsonb_build_object('title', $1::text, 'filename', $2::text), $7, $11,
              ${at} FROM d
       RETURNING document_id::int AS doc`,
      [
        d.title,
        d.filename,
        type,
        files[i]!.length,
        recipe,
        pages,
        author.id,
        folderIds.get(d.folder),
        d.description,
        d.tags,
        author.username,
      ],
    )
    const bridge = d.bridge === undefined ? undefined : bridgeRows[d.bridge]
    if (!bridge) continue
    await db.query(
      `INSERT INTO app.document_links (document_id, layer_name, feature_id, created_by, created_at)
       VALUES ($1, 'oae', $2, $3, now() - make_interval(days => ${d.daysAgo}))`,
      [rows[0]!.doc, bridge.id, author.id],
    )
    await db.query(
      `INSERT INTO app.document_history (document_id, action, detail, user_id, username, at)
       VALUES ($1, 'LINK', jsonb_build_object('layer', 'oae', 'featureId', $2::bigint), $3, $4,
               now() - make_interval(days => ${d.daysAgo}))`,
      [rows[0]!.doc, bridge.id, author.id, author.username],
    )
  }
  return docs.length
}
