import { describe, expect, it } from 'vitest'
import {
  autoMapImageField,
  countStatuses,
  csvFileName,
  FILE_STATUS,
  fileKeys,
  indexValues,
  missingFiles,
  nameKey,
  planFiles,
  recordValues,
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
  it('compares names without accents, case or the usual separators', () => {
    expect(nameKey('  OAE-SP280-172+976 ')).toBe('oae sp280 172+976')
    expect(nameKey('oae_sp280  172+976')).toBe('oae sp280 172+976')
    expect(nameKey('Ponte São João.JPG')).toBe('ponte sao joao jpg')
    expect(nameKey('AÇUDE Ñandú')).toBe('acude nandu')
  })

  it('gives a file its whole name, its name without extension, then without a copy number', () => {
    expect(fileKeys('OAE-SP280-172+976.jpg')).toEqual([
      'oae sp280 172+976 jpg',
      'oae sp280 172+976',
    ])
    expect(fileKeys('OAE-SP280-172+976_1.jpg')).toEqual([
      'oae sp280 172+976 1 jpg',
      'oae sp280 172+976 1',
      'oae sp280 172+976',
    ])
    expect(fileKeys('OAE-SP280-172+976 (2).JPG')[2]).toBe('oae sp280 172+976')
    expect(fileKeys('OAE-SP280-172+976(12).png')[2]).toBe('oae sp280 172+976')
    expect(fileKeys('OAE-SP280-172+976-03.png')[2]).toBe('oae sp280 172+976')
    // Four digits are part of the name, not a copy number; so is a number glued to letters.
    expect(fileKeys('foto 2024.jpg')).toEqual(['foto 2024 jpg', 'foto 2024'])
    expect(fileKeys('IMG2.jpg')).toEqual(['img2 jpg', 'img2'])
    expect(fileKeys('LEIAME')).toEqual(['leiame'])
    // A dot is a separator: '12.5' is copy 5 of '12'.
    expect(fileKeys('12.5')).toEqual(['12 5', '12'])
  })

  it('sends each file to the one record holding its name, several files per record', () => {
    const values = recordValues(
      [
        { id: 1, codigo: 'OAE-SP280-172+976', foto: null },
        { id: 2, codigo: 'Ponte São João', foto: 'vistoria.jpg' },
        { id: 3, codigo: 'DUP', foto: '' },
        { id: 4, codigo: 'dup', foto: 42 },
        { id: 5, codigo: 'apagada', d_e_l_e_t_: true },
        { id: 6, codigo: 'sem foto nenhuma' },
      ],
      ['codigo', 'foto'],
    )
    const index = indexValues(values)
    const files = [
      'OAE-SP280-172+976.jpg',
      'oae sp280 172+976_1.JPG',
      'OAE-SP280-172+976 (2).jpeg',
      'PONTE SAO JOAO.png',
      'Vistoria.JPG',
      'dup.jpg',
      '42.png',
      'apagada.jpg',
      'nada.jpg',
      'OAE-SP280-172+976.pdf',
    ].map((name) => ({ name, size: 1000, type: name.endsWith('.pdf') ? 'application/pdf' : '' }))
    const plan = planFiles(files, index, { photoField: 'foto', maxBytes: 2000 })
    expect(plan.map((p) => p.ids ?? p.reason)).toEqual([
      [1],
      [1],
      [1],
      [2],
      [2],
      { code: 'severalRecords', value: 'dup', count: 2, ids: [3, 4] },
      [4],
      { code: 'noRecord', value: 'apagada' },
      { code: 'noRecord', value: 'nada' },
      { code: 'notImage', field: 'foto' },
    ])
    // Without a photo field any file goes; past the size limit none does.
    const pdf = files.slice(-1)
    expect(planFiles(pdf, index)[0]!.ids).toEqual([1])
    expect(
      planFiles([{ ...pdf[0]!, size: 3 * 1_048_576 }], index, { maxBytes: 1_048_576 }),
    ).toEqual([{ name: 'OAE-SP280-172+976.pdf', reason: { code: 'tooBig', maxMb: 1 } }])
  })

  it('prefers the exact name to a copy number', () => {
    const index = indexValues(
      recordValues(
        [
          { id: 1, codigo: 'Placa' },
          { id: 2, codigo: 'Placa 1' },
        ],
        ['codigo'],
      ),
    )
    const plan = planFiles(
      ['Placa_1.jpg', 'Placa_2.jpg'].map((name) => ({ name, size: 1, type: 'image/jpeg' })),
      index,
    )
    expect(plan.map((p) => p.ids)).toEqual([[2], [1]])
  })

  it('lists the values longer than 4 characters that no file answers to', () => {
    const values = recordValues(
      [
        { id: 1, codigo: 'OAE-1' },
        { id: 2, codigo: 'OAE-2' },
        { id: 3, codigo: 'abc' },
      ],
      ['codigo'],
    )
    expect(missingFiles(values, new Set(['oae 1']), 'oae')).toEqual([
      {
        cell: 'codigo',
        text: 'OAE-2',
        status: 3,
        layerName: 'oae',
        association: { name: 'oae', id: 2 },
      },
    ])
  })

  it('auto-maps only a field that holds photos or files, never id nor a text field', () => {
    expect(
      autoMapImageField([
        { name: 'id', title: 'foto', kind: 'photo' },
        { name: 'sentido', title: 'Sentido' },
        { name: 'documentos', title: 'Documentos' },
        { name: 'projeto', title: 'Projeto', kind: 'file' },
        { name: 'foto', title: 'Foto', kind: 'photo' },
      ]),
    ).toBe('foto')
    expect(
      autoMapImageField([
        { name: 'planta', title: 'Planta', kind: 'file' },
        { name: 'anexo', title: 'Anexo', kind: 'file' },
      ]),
    ).toBe('anexo')
    expect(
      autoMapImageField([
        { name: 'sentido', title: 'Sentido' },
        { name: 'documento', title: 'Documento' },
      ]),
    ).toBeUndefined()
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
