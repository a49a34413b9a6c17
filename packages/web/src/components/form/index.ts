// The form pattern (docs/web.md): useSchemaForm + SchemaForm + FormTextField/FormPasswordField,
// a resolver from a shared zod schema (schemaResolver, or lazyResolver to load it on demand),
// and showServerErrors for the 400 field errors of the answer.
export { FormPasswordField, FormTextField } from './FormTextField'
export { NewPasswordFields, SignInUsernameField } from './AccountFields'
export { SchemaForm, useSchemaForm } from './SchemaForm'
export { lazyResolver, type LazyResolver } from './lazy-resolver'
export { failureMessage, showServerErrors, useFormSave } from './server-errors'
export {
  FormCheckbox,
  FormMultiSelect,
  FormNumberField,
  FormSelect,
  FormSwitch,
} from './FormControls'
export { FormDialog } from './FormDialog'
export { FormSaveBar } from './FormSaveBar'
export { SubmitButton } from './SubmitButton'
export { schemaResolver } from './schema-resolver'
export type { CrossCheck } from './schema-resolver'
