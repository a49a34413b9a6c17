import { dataloaderMessages } from './dataloader-messages'
import { featureMessages } from './feature-messages'
import { approvalMessages } from './approval-messages'
import { auditMessages } from './audit-messages'
import { adminMessages } from './admin-messages'
import { layerMessages } from './layer-messages'
import { searchMessages } from './search-messages'
import { syncMessages } from './sync-messages'
import { syncFilesMessages } from './syncfiles-messages'
import { mapMessages } from './map-messages'
import { reportsMessages } from './reports-messages'
import { designerMessages } from './designer-messages'
import { reportsApiMessages } from './reports-api-messages'
import { systemMessages } from './system-messages'
import { validationMessages } from './validation-messages'
import { webMessages } from './web-messages'
import { imageryApiMessages } from './imagery-api-messages'
import { imageryImagesMessages } from './imagery-images-messages'
import { imageryImportMessages } from './imagery-import-messages'
import { orbitMessages } from './orbit-messages'
import { smmcadMessages } from './smmcad-messages'
import { documentsApiMessages } from './documents-api-messages'
import { documentsMessages } from './documents-messages'
import { inspectionApiMessages } from './inspection-api-messages'
import { inspectionMessages } from './inspection-messages'

/**
 * The one pt-BR message catalogue. Server errors and screens use the same keys, so the
 * same rule says the same thing everywhere. Texts quoted by the spec are kept word for word.
 */
export const messages = {
  ...layerMessages,
  ...adminMessages,
  ...searchMessages,
  ...syncMessages,
  ...syncFilesMessages,
  ...featureMessages,
  ...approvalMessages,
  ...auditMessages,
  ...mapMessages,
  ...systemMessages,
  ...dataloaderMessages,
  ...reportsMessages,
  ...designerMessages,
  ...reportsApiMessages,
  ...imageryApiMessages,
  ...imageryImagesMessages,
  ...imageryImportMessages,
  ...orbitMessages,
  ...smmcadMessages,
  ...documentsApiMessages,
  ...documentsMessages,
  ...inspectionApiMessages,
  ...inspectionMessages,
  // login
  'login.usernameRequired': 'É necessário informar um usuário!',
  'login.passwordRequired': 'É necessário informar a senha!',
  'login.failed': 'Falha ao realizar autenticação!',
  'login.notActive': 'Usuário não ativo!',
  'login.tooManyAttempts': 'Muitas tentativas de acesso. Aguarde um minuto e tente novamente.',
  // register
  'register.nameRequired': 'É necessário informar o nome',
  'register.usernameRequired': 'É necessário informar o usuário',
  'register.passwordRequired': 'É necessário informar a senha',
  'register.confirmationRequired': 'É necessário informar a confirmação de senha',
  // The original product said 'É necessário informar a senha' here (a known flaw): fixed.
  'register.emailRequired': 'É necessário informar o e-mail',
  'register.sectorRequired': 'É necessário informar o setor',
  'register.confirmationMismatch': 'A confirmação da senha não confere!',
  'register.usernameExists': 'O usuário já existe',
  'register.tooMany':
    'Muitos registros feitos a partir deste endereço. Tente novamente em uma hora.',
  // shared field rules
  'field.required': 'Campo obrigatório',
  'field.emailInvalid': 'Informe um e-mail válido',
  'field.passwordTooShort': 'A senha deve ter pelo menos 8 caracteres',
  'field.tooLong': 'Texto muito longo (máximo de {max} caracteres)',
  'field.usernameInvalid':
    'O usuário deve ter de 3 a 64 caracteres: letras, números, ponto, hífen ou sublinhado',
  'field.invalid': 'Valor inválido',
  // password
  'password.mismatch': 'As senhas informadas não são iguais!',
  'password.currentWrong': 'A senha atual não confere',
  'password.changed': 'Senha alterada com sucesso!',
  'password.changeFailed': 'Erro ao alterar senha',
  'password.resetInvalidToken': 'O link de redefinição de senha é inválido ou expirou',
  'password.resetMailSubject': 'Redefinição de senha',
  'password.resetTooMany':
    'Muitos pedidos de redefinição de senha a partir deste endereço. Tente novamente em uma hora.',
  'password.resetAttemptsTooMany':
    'Muitas tentativas de redefinição de senha a partir deste endereço. Tente novamente em 15 minutos.',
  'password.sameAsUsername': 'A senha não pode ser igual ao nome de usuário',
  'password.tooCommon': 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
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
  // generic http
  'http.unauthorized': 'Sessão inválida ou expirada. Entre novamente.',
  'http.forbidden': 'Você não tem permissão para realizar esta operação.',
  'http.notFound': 'Recurso não encontrado.',
  'http.internal': 'Erro interno do servidor.',
  'http.badRequest': 'Requisição inválida.',
  'http.payloadTooLarge': 'Conteúdo grande demais.',
  'http.unsupportedMediaType': 'Tipo de conteúdo não suportado.',
  'paging.invalid': 'Parâmetros de paginação inválidos',
  'paging.sortInvalid': 'Campo de ordenação inválido',
  ...validationMessages,
  ...webMessages,
} as const

export type MessageKey = keyof typeof messages

/** Looks a message up and fills its `{name}` slots. An unknown key throws: a missing text is a bug. */
const COUNT = new Intl.NumberFormat('pt-BR')

/**
 * The message for `count` things, its words agreeing with it: `one` when the count is 1, else
 * `other` (`1 feição`, `3 feições`, never `3 feição(ões)`); the count goes in as `{count}`,
 * written the Brazilian way (`1.234`).
 */
export function tn(
  one: MessageKey,
  other: MessageKey,
  count: number,
  params: Record<string, string | number> = {},
): string {
  return t(count === 1 ? one : other, { ...params, count: COUNT.format(count) })
}

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text: string | undefined = messages[key]
  if (text === undefined) throw new Error(`Missing message key: ${String(key)}`)
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
