/** pt-BR texts of the audit search: the API and the AUDITOR window (spec 3 §2, §8). */
export const auditMessages = {
  // the filter compiler, for fields whose values are a fixed list (the audit actions)
  'filters.oneOf': 'use um destes valores: {values}',
  // the API
  'audit.noSamples': 'Este campo não tem sugestões de valores.',
  // the window
  'audit.windowTitle': 'Auditor',
  'audit.title': 'Auditoria de alterações',
  'audit.search': 'BUSCAR',
  'audit.empty': 'Nenhum resultado para exibir.',
  'audit.loadFailed': 'Erro ao carregar dados da consulta!',
  'audit.adminOnly': 'Apenas administradores podem acessar esta função!',
  'audit.notSearched': 'Monte o filtro e clique em BUSCAR para ver as alterações registradas.',
  'audit.noAttributeChanges': 'Não foi feita nenhuma alteração dos atributos!',
  'audit.geometryChanged': 'A geometria foi alterada.',
  'audit.expand': 'Ver alterações do registro {id}',
  'audit.changesOf': 'Alterações do registro {id}',
  'audit.before': 'Antes',
  'audit.after': 'Depois',
  'audit.approvedBy': 'aprovado por {reviewer}',
  'audit.unknownUser': 'Sistema',
  'audit.sortBy': 'Ordenar por {field}',
  // the audit record's fields (spec 3 §3)
  'audit.field.id': 'Registro',
  'audit.field.timestamp': 'Data e hora',
  'audit.field.action': 'Ação',
  'audit.field.table': 'Layer',
  'audit.field.rowId': 'Id da feição',
  'audit.rowNamed': '{id} · {label}',
  'audit.field.user': 'Usuário',
  'audit.field.application': 'Aplicação',
  'audit.field.clientAddress': 'Endereço do cliente',
  'audit.field.clientPort': 'Porta do cliente',
  'audit.action.I': 'Inserção',
  'audit.action.U': 'Atualização',
  'audit.action.D': 'Exclusão',
} as const
