import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankState } from '@galeno/domain/contracts/quiz';
import { Component as CreateExamPage } from './create-exam-route';
import { jsonResponse, renderInRouter, stubApi, type FetchCall } from './quiz-test-helpers';

/* «Crear examen» and the bank setting (issue 37): its own bank control starts at the setting, its count shows the banks apart. */

const setting = (bank: BankState['bank']): BankState => ({
  bank,
  includeEnglish: true,
  includeUnexplainedMir: false,
  mirNoticeDue: false,
  questions: { galeno: 120, mir: 60, mirWithoutExplanation: 20 },
});

/** The server: the setting, and a live count of `galeno` and `mir` questions for whichever banks the choice draws. */
function stubServer(start: BankState) {
  let current = start;
  return stubApi((call: FetchCall) => {
    if (call.path === '/api/quiz/bank' && call.method === 'PUT') {
      current = { ...current, ...(call.body as Partial<BankState>) };
      return jsonResponse(current);
    }
    if (call.path === '/api/quiz/bank') return jsonResponse(current);
    if (call.path === '/api/quiz/exams/available') {
      const bank = ((call.body as { bank?: BankState['bank'] }).bank ?? current.bank) as BankState['bank'];
      const galeno = bank === 'mir' ? 0 : 120;
      const mir = bank === 'galeno' ? 0 : (call.body as { includeUnexplainedMir?: boolean }).includeUnexplainedMir ? 60 : 40;
      return jsonResponse({ available: galeno + mir, galeno, mir });
    }
    return undefined;
  });
}

const countsAsked = (calls: FetchCall[]) => calls.filter((call) => call.path === '/api/quiz/exams/available').map((call) => call.body);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('«Crear examen»', () => {
  it('starts at our bank for a student who never chose, counting it by name', async () => {
    const calls = stubServer(setting('galeno'));
    renderInRouter(<CreateExamPage />, '/app/crear-examen');
    expect(await screen.findByRole('button', { name: 'Banco: Galeno ENARM' })).toBeTruthy();
    const bank = screen.getByRole('group', { name: 'Banco' });
    expect(within(bank).getByRole('radio', { name: 'Galeno ENARM' })).toHaveProperty('checked', true);
    await vi.waitFor(() =>
      expect(screen.getByText(/preguntas disponibles/).textContent).toBe('120 preguntas disponibles del banco Galeno'),
    );
    // The page names no bank: the server applies the account's setting.
    expect(countsAsked(calls)[0]).not.toHaveProperty('bank');
    expect(screen.queryByRole('checkbox', { name: 'Incluir preguntas MIR sin explicación' })).toBeNull();
  });

  it('starts at the setting, may choose another bank for this exam only, and follows the chip', async () => {
    const calls = stubServer(setting('ambos'));
    renderInRouter(<CreateExamPage />, '/app/crear-examen');
    const bank = await screen.findByRole('group', { name: 'Banco' });
    await vi.waitFor(() => expect(within(bank).getByRole('radio', { name: 'Ambos' })).toHaveProperty('checked', true));
    await vi.waitFor(() =>
      expect(screen.getByText(/preguntas disponibles/).textContent).toBe('160 preguntas disponibles: 120 del banco Galeno · 40 MIR'),
    );

    // With MIR on, the items without an explanation are a second, explicit option, off as the setting says.
    const unexplained = screen.getByRole('checkbox', { name: 'Incluir preguntas MIR sin explicación' });
    expect(unexplained).toHaveProperty('checked', false);
    fireEvent.click(unexplained);
    await vi.waitFor(() =>
      expect(screen.getByText(/preguntas disponibles/).textContent).toBe('180 preguntas disponibles: 120 del banco Galeno · 60 MIR'),
    );
    expect(countsAsked(calls).at(-1)).toMatchObject({ includeUnexplainedMir: true });

    fireEvent.click(within(bank).getByRole('radio', { name: 'MIR España' }));
    await vi.waitFor(() => expect(countsAsked(calls).at(-1)).toMatchObject({ bank: 'mir', includeUnexplainedMir: true }));
    await vi.waitFor(() => expect(screen.getByText(/preguntas disponibles/).textContent).toBe('60 preguntas disponibles del MIR'));
    // This exam only: the setting is untouched.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.getByRole('button', { name: 'Banco: ambos' })).toBeTruthy();

    // A change of the setting from the chip is the exam's new start.
    fireEvent.click(screen.getByRole('button', { name: 'Banco: ambos' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Galeno ENARM' }));
    await screen.findByRole('button', { name: 'Banco: Galeno ENARM' });
    await vi.waitFor(() => expect(within(bank).getByRole('radio', { name: 'Galeno ENARM' })).toHaveProperty('checked', true));
    await vi.waitFor(() =>
      expect(screen.getByText(/preguntas disponibles/).textContent).toBe('120 preguntas disponibles del banco Galeno'),
    );
  });
});
