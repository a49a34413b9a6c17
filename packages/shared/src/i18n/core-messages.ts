import { validationMessages } from './validation-messages'
import { webMessages } from './web-messages'

/**
 * The texts the sign-in page, the error screens and the API layer need before anything else
 * loads: sign-in, registration, password, profile, the generic HTTP answers, the shared field
 * rules (`validation-messages.ts`) and the web's own (`web-messages.ts`).
 */
export const coreMessages = {
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
  'password.resetTooMany':
    'Muitos pedidos de redefinição de senha a partir deste endereço. Tente novamente em uma hora.',
  'password.resetAttemptsTooMany':
    'Muitas tentativas de redefinição de senha a partir deste endereço. Tente novamente em 15 minutos.',
  'password.sameAsUsername': 'A senha não pode ser igual ao nome de usuário',
  'password.tooCommon': 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
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
  // the form pattern's buttons and failure (components/form), every form's
  'adm.cancel': 'CANCELAR',
  'adm.save': 'SALVAR',
  'adm.saveFailed': 'Não foi possível gravar os dados!',
  ...validationMessages,
  ...webMessages,
} as const
