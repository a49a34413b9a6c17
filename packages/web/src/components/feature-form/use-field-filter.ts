import { useEffect, useState } from 'react'

/** 'Procurar atributo': the text as typed; after `delayMs` it filters fields by title or name. */
export function useFieldFilter(delayMs: number) {
  const [text, setText] = useState('')
  const [filter, setFilter] = useState('')
  useEffect(() => {
    const timer = window.setTimeout(() => setFilter(text.trim().toLowerCase()), delayMs)
    return () => window.clearTimeout(timer)
  }, [text, delayMs])
  const clear = () => {
    setText('')
    setFilter('')
  }
  const matches = (f: { title: string; name: string }) =>
    !filter || f.title.toLowerCase().includes(filter) || f.name.includes(filter)
  return { text, setText, clear, matches }
}
