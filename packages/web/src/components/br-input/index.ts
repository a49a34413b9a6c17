// Numbers, dates and times typed and shown the Brazilian way (decision 63): one input per kind.
export {
  BrKindInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  TimeInput,
  type BrInputProps,
} from './BrInputs'
export { NumberField, numberProblem, type NumberFieldProps } from './NumberField'
export { BR_KINDS, brProblem, brText, brValue, isBrKind, type BrKind } from './br-text'
