import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SnackbarProvider } from 'notistack'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { useMutationToast } from './use-mutation-toast'

/** A button that runs `work` through the hook and shows what the hook answered. */
function Save({ work }: { work: () => Promise<unknown> }) {
  const run = useMutationToast()
  const [answer, setAnswer] = useState('')
  return (
    <>
      <button
        onClick={async () =>
          setAnswer(
            String(
              await run(work, 'Documento restaurado!', 'Não foi possível concluir a operação!'),
            ),
          )
        }
      >
        GRAVAR
      </button>
      <output>{answer}</output>
    </>
  )
}

async function press(work: () => Promise<unknown>) {
  render(
    <SnackbarProvider>
      <Save work={work} />
    </SnackbarProvider>,
  )
  await userEvent.setup().click(screen.getByRole('button', { name: 'GRAVAR' }))
  await screen.findByText(/true|false/)
  return screen.getByRole('status').textContent
}

describe('useMutationToast', () => {
  it('says the change was made and answers true', async () => {
    expect(await press(async () => ({ id: 1 }))).toBe('true')
    expect(await screen.findByText('Documento restaurado!')).toBeTruthy()
  })

  it("shows the server's message when the server refused, and answers false", async () => {
    const refused = {
      status: 409,
      message: 'O documento foi alterado por outro usuário.',
      errors: [],
    }
    expect(await press(() => Promise.reject(refused))).toBe('false')
    expect(await screen.findByText('O documento foi alterado por outro usuário.')).toBeTruthy()
    expect(screen.queryByText('Documento restaurado!')).toBeNull()
  })

  it('falls back to its own message when the server could not be reached', async () => {
    expect(await press(() => Promise.reject(new TypeError('Failed to fetch')))).toBe('false')
    expect(await screen.findByText('Não foi possível concluir a operação!')).toBeTruthy()
  })
})
