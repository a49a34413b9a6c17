/** pt-BR errors of the reports API (templates, runs, image library, jobs). */
export const reportsApiMessages = {
  'reportsApi.notFound': 'Relatório não encontrado.',
  'reportsApi.jobNotFound': 'Trabalho não encontrado.',
  'reportsApi.contentNotFound': 'Imagem não encontrada.',
  'reportsApi.notOwner': 'Você não pode alterar este relatório.',
  'reportsApi.noParameters': 'RELATORIO DESATIVADO, CONSULTE O ADMINISTRADOR PARA MAIS INFORMAÇÕES',
  'reportsApi.templateNotJson': 'Formato de arquivo não suportado!',
  'reportsApi.templateInvalid': 'O arquivo não é uma template válida.',
  'reportsApi.templateTooLarge': 'O arquivo passa do limite de {max} MB.',
  'reportsApi.templateTooDeep': 'A template tem grupos aninhados em mais de {max} níveis.',
  'reportsApi.templateTooNested': 'A template tem valores aninhados em mais de {max} níveis.',
  'reportsApi.imageType': 'A imagem deve ser PNG, JPEG, GIF ou WebP.',
  'reportsApi.imageTooLarge': 'A imagem passa de {max} MB.',
  'reportsApi.tooManyFeatures': 'O relatório passa de {max} feições: refine o filtro.',
  'reportsApi.outOfMemory':
    'O relatório precisou de mais memória que o limite de {max} MB: refine o filtro ou simplifique a template.',
} as const
