/**
 * Texts of the account outside the sign-in page: the e-mails the server sends, the profile,
 * users administration and sign-in records: an area of the catalogue (`area-messages.ts`).
 */
export const accountMessages = {
  // e-mails
  'password.resetMailSubject': 'Redefinição de senha',
  'password.resetMailBody':
    'Olá, {name}.\n\nRecebemos um pedido para redefinir a sua senha em {project}.\nPara escolher uma nova senha, acesse o link abaixo (válido por uma hora e uma única vez):\n\n{link}\n\nSe você não fez este pedido, ignore esta mensagem.',
  // profile
  'profile.validationErrors': 'Erros de validação encontrados!',
  'profile.updated': 'Perfil atualizado com sucesso.',
  'profile.updateFailed': 'Erro ao atualizar dados!',
  'profile.loadFailed': 'Erro ao carregar dados do perfil!',
  'profile.adminNotice': 'Você possui permissões de administrador',
  'profile.emailChangedMailSubject': 'O e-mail da sua conta foi alterado',
  'profile.emailChangedMailBody':
    'Olá, {name}.\n\nO e-mail da sua conta em {project} foi alterado de {old} para {new}.\nSe não foi você quem fez essa alteração, fale com o administrador do sistema imediatamente.',
  // users administration
  'users.cannotDeleteSelf': 'Não é possível excluir o próprio usuário',
  'users.cannotDemoteSelf': 'Não é possível remover as próprias permissões de administrador',
  'users.cannotDeactivateSelf': 'Não é possível desativar o próprio usuário',
  'users.lookupTooMany':
    'Muitas consultas de usuário a partir deste endereço. Aguarde um minuto e tente novamente.',
  // sign-ins list
  'logins.unknownAgent': 'Desconhecido',
} as const
