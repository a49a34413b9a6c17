import { describe, expect, it } from 'vitest'
import {
  autoMapFields,
  countStatuses,
  csvFileName,
  FILE_STATUS,
  looksLikeFileName,
  scanRecords,
  toCsv,
} from './matching'
import { AUTO_MAP_THRESHOLD, bestMatch, bigramSimilarity } from './similarity'

describe('bigram similarity', () => {
  it('rates the same name 1 and unrelated names 0, ignoring case and spaces', () => {
    expect(bigramSimilarity('Foto', 'foto')).toBe(1)
    expect(bigramSimilarity('nome do arquivo', 'NomeDoArquivo')).toBe(1)
    expect(bigramSimilarity('abc', 'xyz')).toBe(0)
    expect(bigramSimilarity('a', 'b')).toBe(0)
  })

  it('is the Dice coefficient of the letter pairs', () => {
    // night: ni ig gh ht / nacht: na ac ch ht → 1 shared of 8
    expect(bigramSimilarity('night', 'nacht')).toBe(0.25)
    // fotos: fo ot to os / foto: fo ot to → 2*3/7
    expect(bigramSimilarity('fotos', 'foto')).toBeCloseTo(6 / 7)
    // repeated pairs count once each
    expect(bigramSimilarity('aaaa', 'aa')).toBeCloseTo(2 / 4)
  })

  it('keeps the best candidate at or above 0.4 only', () => {
    expect(AUTO_MAP_THRESHOLD).toBe(0.4)
    expect(bestMatch('foto', ['arquivo', 'fotos', 'foto_1'])).toEqual({
      index: 1,
      rating: bigramSimilarity('foto', 'fotos'),
    })
    expect(bestMatch('codigo', ['foto', 'imagem'])).toBeUndefined()
  })
})

describe('file importer rules', () => {
  it('tells file names from other values', () => {
    expect(looksLikeFileName('IMG_0001.JPG')).toBe(true)
    expect(looksLikeFileName(' ponte 12.png ')).toBe(true)
    expect(looksLikeFileName('SP-280')).toBe(false)
    expect(looksLikeFileName('12.5')).toBe(false)
    expect(looksLikeFileName('musica.mp3')).toBe(true)
    expect(looksLikeFileName('pasta/foto.png')).toBe(false)
    expect(looksLikeFileName('..png')).toBe(false)
    expect(looksLikeFileName('foto.')).toBe(false)
  })

  it('matches file names case-insensitively and records missing ones longer than 4 characters', () => {
    const folder = new Set(['ponte_1.png', 'ponte_2.jpg'])
    const { matches, missing } = scanRecords(
      [
        { id: 1, foto: 'PONTE_1.PNG', codigo: 'OAE-1' },
        { id: 2, foto: 'ponte_3.png', codigo: 'ponte_2.jpg' },
        { id: 3, foto: 'a.pn', codigo: null },
        { id: 4, foto: 42, codigo: 'sem arquivo' },
      ],
      ['foto', 'codigo'],
      folder,
      'oae',
    )
    expect(matches).toEqual([
      { key: 'ponte_1.png', id: 1 },
      { key: 'ponte_2.jpg', id: 2 },
    ])
    expect(missing).toEqual([
      {
        cell: 'foto',
        text: 'ponte_3.png',
        status: 3,
        layerName: 'oae',
        association: { name: 'oae', id: 2 },
      },
    ])
  })

  it('auto-maps the fields named like files, never id', () => {
    const picked = autoMapFields(
      [
        { name: 'id', title: 'foto' },
        { name: 'foto', title: 'Foto' },
        { name: 'codigo', title: 'Código' },
        { name: 'img', title: 'Imagens da vistoria' },
        { name: 'pontes_2024', title: 'x' },
      ],
      'pontes 2024',
    )
    expect([...picked].sort()).toEqual(['foto', 'img', 'pontes_2024'])
  })

  it('counts statuses and writes csv reports', () => {
    expect(
      countStatuses([
        { status: FILE_STATUS.created },
        { status: FILE_STATUS.created },
        { status: FILE_STATUS.pending },
        { status: FILE_STATUS.error },
      ]),
    ).toEqual({ new: 2, update: 0, pending: 1, error: 1 })
    expect(toCsv(['a', 'b'], [['x;y', 'say "hi"']])).toBe('a;b\r\n"x;y";"say ""hi"""\r\n')
    expect(csvFileName('relatorio_associacao')).toBe('relatorio_associacao.csv')
    expect(csvFileName('r.CSV')).toBe('r.CSV')
  })
})
