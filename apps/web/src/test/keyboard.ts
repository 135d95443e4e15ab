import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Presses an answer shortcut once the page listens: the listener attaches in an effect, which on a loaded
 * machine can land after the screen shows. Retries until some option is checked.
 */
export async function pressFirst(key: string): Promise<void> {
  await waitFor(() => {
    fireEvent.keyDown(document.body, { key });
    expect(screen.getAllByRole('radio', { checked: true }).length).toBeGreaterThan(0);
  });
}
