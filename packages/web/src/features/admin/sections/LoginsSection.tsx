import { LoginsWindow } from '../LoginsWindow'
import { usePaging } from '../common/use-paging'

/** Acessos ao sistema: the sign-in records, newest first (the same table as its window). */
export function LoginsSection() {
  const [paging, setPaging] = usePaging()
  return <LoginsWindow windowId="dashboard-logins" props={{}} state={paging} setState={setPaging} />
}
