import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form'

/** The one way to make a form's state: react-hook-form with a schema resolver. */
export function useSchemaForm<T extends FieldValues>(options: {
  resolver: Resolver<T>
  defaultValues: DefaultValues<T>
  /** When a field is first checked: on submit (the default), or on leaving it ('onTouched'). */
  mode?: Extract<Mode, 'onSubmit' | 'onTouched'>
}): UseFormReturn<T> {
  return useForm<T>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
    // Checked on submit (or on leaving the field), then again as the user corrects it.
    mode: options.mode ?? 'onSubmit',
    reValidateMode: 'onChange',
  })
}

/**
 * The form element of the pattern: it provides the form to its fields (FormTextField,
 * FormPasswordField) and submits through the resolver. `noValidate`: the messages are ours.
 */
export function SchemaForm<T extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  sx,
  id,
}: {
  form: UseFormReturn<T>
  onSubmit: SubmitHandler<T>
  /** Called instead of `onSubmit` when a field fails its check (a toast). */
  onInvalid?: SubmitErrorHandler<T>
  children: ReactNode
  sx?: SxProps<Theme>
  id?: string
}) {
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        id={id}
        noValidate
        onSubmit={form.handleSubmit(onSubmit, onInvalid)}
        sx={sx}
      >
        {children}
      </Box>
    </FormProvider>
  )
}
