/**
 * Texts of the web application that the sign-in page, the error screens and the route table
 * need at once (the catalogue's core, `core-messages.ts`); the rest of the web's texts are in
 * `web-app-messages.ts`. Texts the spec quotes are kept word for word.
 */
export const webMessages = {
  // common
  'nav.logoAlt': 'Logotipo',
  'common.back': 'Voltar',
  'common.backUpper': 'VOLTAR',
  'common.cancel': 'CANCELAR',
  'common.save': 'SALVAR',
  'common.close': 'Fechar',
  'common.loading': 'Carregando...',
  'common.yes': 'Sim',
  'common.no': 'Não',
  'common.search': 'Buscar',
  'common.rowsPerPage': 'Linhas por página',
  'common.displayedRows': '{from}-{to} de {count}',
  'common.firstPage': 'Primeira página',
  'common.previousPage': 'Página anterior',
  'common.nextPage': 'Próxima página',
  'common.lastPage': 'Última página',
  'common.showPassword': 'Mostrar senha',
  'common.hidePassword': 'Ocultar senha',
  'common.requestFailed': 'Não foi possível completar a operação. Tente novamente.',
  // generic error screen
  'error.title': 'OPS... Algo de errado aconteceu aqui',
  'error.back': 'Voltar',
  'error.windowCrashed':
    'Esta janela encontrou um erro e foi isolada do restante da área de trabalho.',
  'error.windowEmpty': 'Esta janela não tem conteúdo disponível.',
  'error.forbidden': 'Você não tem permissão para acessar esta página.',
  // login
  'login.title': 'Entrar',
  'login.subtitle': 'Informe seu usuário e senha para acessar o sistema.',
  'login.username': 'Usuário',
  'login.password': 'Senha',
  'login.submit': 'ENTRAR',
  'login.requestAccess': 'Requisitar acesso',
  'login.forgotPassword': 'Esqueci minha senha',
  'login.notActiveDetail':
    'Sua conta ainda não foi ativada. Aguarde a aprovação de um administrador para entrar.',
  'login.notActiveBack': 'VOLTAR',
  'login.backgroundAlt': 'Ilustração de um mapa',
  // modules
  'module.orbitLoading': 'Carregando módulo 360...',
  'module.dashboardLoading': 'Carregando módulo painel de controle...',
  'module.loading': 'Carregando módulo...',
  'module.documentsTitle': 'Documentos',
  'module.orbitTitle': 'Imagem 360º',
  'module.inspectionTitle': 'Monitoramento',
  'module.dashboardTitle': 'Painel de controle',
  'module.dashboardSubtitle': 'Administração do sistema',
  'module.open': 'ABRIR',
} as const
