/** pt-BR texts of inspection monitoring's server (issue 30): /api/inspections. */
export const inspectionApiMessages = {
  // The three notes of an inspection (ABNT NBR 9452): 5 Excelente … 1 Crítica.
  'inspectionApi.note5': 'Excelente',
  'inspectionApi.note4': 'Boa',
  'inspectionApi.note3': 'Regular',
  'inspectionApi.note2': 'Ruim',
  'inspectionApi.note1': 'Crítica',
  'inspectionApi.noteInvalid':
    'Nota inválida: informe um número inteiro de 1 (Crítica) a 5 (Excelente).',
  'inspectionApi.dateInvalid': 'Data inválida: informe a data da inspeção (dd/mm/aaaa).',
  'inspectionApi.dateFuture': 'A data da inspeção não pode estar no futuro.',
  'inspectionApi.inspectorRequired': 'É necessário informar o inspetor.',
  'inspectionApi.elementRequired': 'É necessário informar o elemento da anomalia.',
  'inspectionApi.descriptionRequired': 'É necessário informar a descrição da anomalia.',
  'inspectionApi.typeRequired': 'É necessário informar o tipo de inspeção.',
  'inspectionApi.typeUnknown': 'Tipo de inspeção não encontrado.',
  'inspectionApi.bridgeUnknown': 'Obra de arte especial não encontrada.',
  'inspectionApi.photoInvalid':
    'A foto {id} não é uma foto de inspeção enviada por você (envie-a novamente).',
  'inspectionApi.photoRepeated': 'A foto {id} foi informada mais de uma vez.',
  'inspectionApi.tooManyPhotos': 'No máximo {max} fotos por inspeção.',
  'inspectionApi.notFound': 'Inspeção não encontrada.',
  'inspectionApi.layerMissing':
    'O layer das obras de arte especiais ({layer}) não existe ou não tem os campos esperados.',
  'inspectionApi.cannotEdit':
    'Somente quem registrou a inspeção, enquanto aguarda aprovação, ou um administrador pode alterá-la.',
  'inspectionApi.notPending': 'A inspeção não está aguardando aprovação.',
  'inspectionApi.typeInUse':
    'O tipo de inspeção "{name}" possui inspeções registradas e não pode ser removido.',
  'inspectionApi.typeNameRequired': 'É necessário informar o nome do tipo de inspeção.',
  'inspectionApi.typeNameRepeated': 'O tipo de inspeção "{name}" foi informado mais de uma vez.',
  'inspectionApi.typesEmpty': 'Informe pelo menos um tipo de inspeção.',
  'inspectionApi.periodicityInvalid':
    'Periodicidade inválida: informe um número inteiro de meses de 1 a 240, ou deixe em branco.',
  'inspectionApi.statusInvalid': 'Situação inválida.',
  'inspectionApi.sortInvalid': 'Ordenação inválida.',
  // Bridge statuses (the panel, the list, the exports).
  'inspectionApi.statusOVERDUE': 'Atrasada',
  'inspectionApi.statusDUE_30': 'Vence em 30 dias',
  'inspectionApi.statusDUE_90': 'Vence em 90 dias',
  'inspectionApi.statusOK': 'Em dia',
  'inspectionApi.statusNEVER': 'Nunca inspecionada',
  // Inspection statuses.
  'inspectionApi.inspectionACCEPTED': 'Aceita',
  'inspectionApi.inspectionPENDING': 'Aguardando aprovação',
  'inspectionApi.inspectionREJECTED': 'Rejeitada',
  // The register (xlsx) and the KMZ.
  'inspectionApi.exportSheet': 'Inspeções OAE',
  'inspectionApi.colCodigo': 'Código',
  'inspectionApi.colCodigoArtesp': 'Código ARTESP',
  'inspectionApi.colTipo': 'Tipo',
  'inspectionApi.colRodovia': 'Rodovia',
  'inspectionApi.colKm': 'Km',
  'inspectionApi.colSentido': 'Sentido',
  'inspectionApi.colLastDate': 'Última inspeção',
  'inspectionApi.colLastType': 'Tipo da última inspeção',
  'inspectionApi.colStructural': 'Nota estrutural',
  'inspectionApi.colFunctional': 'Nota funcional',
  'inspectionApi.colDurability': 'Nota de durabilidade',
  'inspectionApi.colWorst': 'Pior nota',
  'inspectionApi.colNextDue': 'Próximo vencimento',
  'inspectionApi.colNextDueType': 'Tipo do próximo vencimento',
  'inspectionApi.colStatus': 'Situação',
  'inspectionApi.kmzDocument': 'OAE - inspeções (padrão ARTESP)',
  'inspectionApi.kmzFolder': 'OAE',
} as const
