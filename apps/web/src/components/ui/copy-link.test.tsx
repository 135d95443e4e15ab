import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS } from '@galeno/domain/timings';
import { CopyLink } from './copy-link';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CopyLink', () => {
  it("shows the link in a labelled field and copies it, saying 'Copiado al portapapeles' for 2 seconds", async () => {
    render(<CopyLink label="Enlace de registro" value="https://galeno.mx/signup" />);
    expect((screen.getByLabelText('Enlace de registro') as HTMLInputElement).value).toBe('https://galeno.mx/signup');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' })));
    expect(writeText).toHaveBeenCalledWith('https://galeno.mx/signup');
    expect(screen.getByText('Copiado al portapapeles')).toBeTruthy();

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByText('Copiado al portapapeles')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copiado al portapapeles')).toBeNull();
  });
});
