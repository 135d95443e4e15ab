import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

function EmailForm() {
  const [email, setEmail] = useState('');
  return (
    <form>
      <TextField id="email" label="Correo electrónico" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="submit" disabled={email.trim() === ''}>
        Enviar código
      </button>
      <output>{email}</output>
    </form>
  );
}

describe('a pre-rendered text field (issue 21)', () => {
  it('hands what was typed before the page hydrated to its form, which enables its button', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<EmailForm />);
    document.body.append(container);
    const input = container.querySelector('input')!;
    const button = container.querySelector('button')!;
    expect(button.disabled).toBe(true);
    // The visitor types while the script is still on its way.
    input.value = 'ana@example.com';

    const root = await act(async () => hydrateRoot(container, <EmailForm />));
    expect(input.value).toBe('ana@example.com');
    expect(container.querySelector('output')?.textContent).toBe('ana@example.com');
    expect(button.disabled).toBe(false);
    act(() => root.unmount());
    container.remove();
  });

  it('changes nothing when nothing was typed', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<EmailForm />);
    const root = await act(async () => hydrateRoot(container, <EmailForm />));
    expect(container.querySelector('input')!.value).toBe('');
    expect(container.querySelector('button')!.disabled).toBe(true);
    act(() => root.unmount());
  });
});
