import { useLocation } from 'react-router'

/** Where a guard came from, so /login and /boot can send the user back afterwards. */
export interface FromState {
  from?: string
}

/** The page a guard sent the user away from (`app/guards.tsx` puts it in the location). */
export function useFrom(): string | undefined {
  const state = useLocation().state as FromState | null
  return state?.from
}
