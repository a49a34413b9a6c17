import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form'

/** The one way to make a form's state: react-hook-form with a schema resolver. */
export function useSchemaForm<T extends FieldValues>(options: {
  resolver: Resolver<T>
  defaultValues: DefaultValues<T>
}): UseFormReturn<T> {
  return useForm<T>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
    // Checked on submit, then again as the user corrects a field.
    mode: 'onSubmit',
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
  children,
  sx,
  id,
}: {
  form: UseFormReturn<T>
  onSubmit: SubmitHandler<T>
  children: ReactNode
  sx?: SxProps<Theme>
  id?: string
}) {
  return (
    <FormProvider {...form}>
      <Box component="form" id={id} noValidate onSubmit={form.handleSubmit(onSubmit)} sx={sx}>
        {children}
      </Box>
    </FormProvider>
  )
}
