import { loginRequestSchema, type LoginRequest } from '@gis/shared/auth'
import { schemaResolver } from '../../components/form/schema-resolver'

/** The sign-in rules (spec section 5), loaded on demand by the sign-in page. */
export const loginResolver = schemaResolver<LoginRequest>(loginRequestSchema)
