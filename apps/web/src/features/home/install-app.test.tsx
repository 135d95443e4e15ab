import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../lib/install-prompt';
import { InstallApp } from './install-app';

beforeAll(() => captureInstallPrompt());
beforeEach(() => localStorage.clear());

/** The browser's offer to install, as Chromium sends it. */
function offer() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

describe('«Instala la app» on the home (issue 41)', () => {
  it('says nothing until the browser can install it, then installs with the browser’s own dialog', async () => {
    render(<InstallApp />);
    expect(screen.queryByRole('heading')).toBeNull();
    const event = offer();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('heading', { name: /Instala .+ en tu teléfono/ })).toBeTruthy();
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Instalar' }));
      return Promise.resolve();
    });
    expect(event.prompt).toHaveBeenCalled();
  });

  it('goes away for good with «Ahora no»', () => {
    const { unmount } = render(<InstallApp />);
    offer();
    fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByRole('heading')).toBeNull();
    unmount();
    render(<InstallApp />);
    offer();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
