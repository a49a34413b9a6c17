/** pt-BR texts of OGC API – Features at /ogcapi (merged into `messages`). */
export const ogcapiMessages = {
  'ogcapi.title': 'Feições (OGC API – Features)',
  'ogcapi.description':
    'Os layers que o usuário pode ler, como coleções de feições GeoJSON, com filtros CQL2 e edição.',
  'ogcapi.notFound': 'Recurso não encontrado: {name}',
  'ogcapi.unknownCollection': 'Coleção desconhecida ou sem permissão de leitura: {name}',
  'ogcapi.unknownFeature': 'Feição não encontrada: {name}',
  'ogcapi.invalidParameter': 'Valor inválido para o parâmetro {name}.',
  'ogcapi.unknownParameter': 'Parâmetro desconhecido: {name}',
  'ogcapi.invalidLimit': 'O parâmetro limit deve ser um inteiro de 1 a {max}.',
  'ogcapi.invalidBbox':
    'O parâmetro bbox deve ter 4 números (mínimo x, mínimo y, máximo x, máximo y) no sistema de bbox-crs.',
  'ogcapi.invalidDatetime':
    'O parâmetro datetime deve ser um instante (AAAA-MM-DDThh:mm:ssZ) ou um intervalo início/fim ("..": aberto).',
  'ogcapi.unsupportedCrs': 'Sistema de referência não oferecido por esta coleção: {name}',
  'ogcapi.unsupportedFormat': 'Formato não suportado: {name} (use f=json)',
  'ogcapi.unsupportedFilterLang':
    'Linguagem de filtro não suportada: {name} (use cql2-text ou cql2-json)',
  'ogcapi.filterSyntax': 'Filtro CQL2 inválido perto da posição {at}: {reason}',
  'ogcapi.filterJson': 'Filtro CQL2 (JSON) inválido em {at}: {reason}',
  'ogcapi.filterTooLong': 'Filtro longo demais (máximo de {max} caracteres).',
  'ogcapi.filterUnsupported': 'Operação não suportada no filtro: {name}',
  'ogcapi.filterNotGeometry': 'A propriedade {name} não é a geometria da coleção.',
  'ogcapi.filterGeometry': 'Geometria inválida no filtro: {reason}',
  'ogcapi.unknownQueryable': 'Propriedade desconhecida: {name}',
  'ogcapi.noGeometry': 'Esta coleção não tem geometria: {name} não se aplica.',
  'ogcapi.bodyInvalid': 'O corpo deve ser uma feição GeoJSON (type "Feature" com properties).',
  'ogcapi.unsupportedMediaType':
    'Tipo de conteúdo não suportado: {name} (use application/geo+json ou application/json).',
  'ogcapi.staleEtag':
    'A feição {id} foi alterada por outra pessoa depois da versão lida (ETag {etag}): leia-a de novo antes de gravar.',
  'ogcapi.idMismatch': 'O id da feição no corpo ({id}) difere do id do endereço.',
  'ogcapi.methodNotAllowed': 'Método HTTP não suportado neste recurso: {name}',
  'ogcapi.internal': 'Erro interno do servidor (requisição {id}).',
} as const
