/** pt-BR texts of the server's infrastructure: database limits, jobs, files (merged into `messages`). */
export const systemMessages = {
  'db.statementTimeout':
    'A operação demorou mais que o tempo limite e foi cancelada. Tente novamente ou restrinja a consulta.',
  'jobs.failed': 'Erro ao processar o trabalho.',
  'jobs.cancelled': 'Cancelado a pedido do usuário.',
  'jobs.interrupted':
    'O processamento foi interrompido várias vezes (o servidor reiniciou) e não pôde ser concluído.',
  'storage.notFound': 'Arquivo não encontrado.',
  'workers.outOfMemory':
    'O processamento precisou de mais memória que o limite de {max} MB e foi interrompido.',
  'workers.crashed': 'O processamento parou inesperadamente. Tente novamente.',
  'workers.closed': 'O servidor está sendo encerrado. Tente novamente em instantes.',
} as const
