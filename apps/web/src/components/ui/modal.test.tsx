import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function ModalHarness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Confirma tu correo"
        description={<p>No podrás cambiarlo después.</p>}
      >
        <button type="button">Todo bien</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed, then a dialog named by its title and described by its text', () => {
    render(<ModalHarness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirma tu correo', description: 'No podrás cambiarlo después.' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Todo bien' })).toBeTruthy();
  });

  it('closes on Escape and gives focus back to what opened it', () => {
    const onClose = vi.fn();
    render(<ModalHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    act(() => opener.focus());
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stops the page behind from scrolling while open', () => {
    render(<ModalHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(document.documentElement.style.overflow).toBe('hidden');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(document.documentElement.style.overflow).toBe('');
  });
});
