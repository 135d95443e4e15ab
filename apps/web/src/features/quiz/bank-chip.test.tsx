import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIR_FIRST_USE_LINE } from '@galeno/domain/banks';
import type { BankState } from '@galeno/domain/contracts/quiz';
import { BankChip, useBankSetting } from './bank-chip';
import { jsonResponse, stubApi, type FetchCall } from './quiz-test-helpers';

/* The bank chip in each quiz header and the one line on what MIR items are (issue 37). */

const state = (overrides: Partial<BankState> = {}): BankState => ({
  bank: 'galeno',
  includeEnglish: true,
  includeUnexplainedMir: false,
  mirNoticeDue: false,
  questions: { galeno: 1040, mir: 812, mirWithoutExplanation: 530 },
  ...overrides,
});

function Harness({ enabled = true, initial }: { enabled?: boolean; initial?: BankState | null }) {
  const setting = useBankSetting({ enabled, ...(initial !== undefined ? { initial } : {}) });
  return (
    <div>
      <BankChip setting={setting} />
    </div>
  );
}

/** A server keeping the setting: GET and PUT /api/quiz/bank, and the notice marked shown. */
function stubSetting(start: BankState, { seen: shown = !start.mirNoticeDue && start.bank !== 'galeno' } = {}) {
  let current = start;
  let seen = shown;
  const calls = stubApi((call: FetchCall) => {
    if (call.path === '/api/quiz/bank/mir-notice') {
      seen = true;
      return jsonResponse({ ...current, mirNoticeDue: false });
    }
    if (call.path === '/api/quiz/bank' && call.method === 'PUT') {
      const body = call.body as Partial<BankState> & { bank: BankState['bank'] };
      current = { ...current, ...body, mirNoticeDue: body.bank !== 'galeno' && !seen };
      return jsonResponse(current);
    }
    if (call.path === '/api/quiz/bank') return jsonResponse(current);
    return jsonResponse({ errorMessage: 'No encontrado', code: 'NOT_FOUND' }, 404);
  });
  return { calls, marks: () => calls.filter((call) => call.path === '/api/quiz/bank/mir-notice').length };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the bank chip', () => {
  it('says the bank in use and is a real button that opens the setting and closes with Escape', async () => {
    stubSetting(state());
    render(<Harness />);
    const chip = await screen.findByRole('button', { name: 'Banco: Galeno ENARM' });
    expect(chip.tagName).toBe('BUTTON');
    expect(chip.getAttribute('aria-haspopup')).toBe('dialog');
    chip.focus();
    expect(document.activeElement).toBe(chip);

    fireEvent.click(chip);
    const dialog = screen.getByRole('dialog', { name: 'Banco de preguntas' });
    const radios = within(dialog).getAllByRole('radio');
    // Ours first; MIR España is the opt-in.
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual(['Galeno ENARM', 'MIR España', 'Ambos']);
    expect(within(dialog).queryByRole('checkbox', { name: 'Incluir preguntas MIR sin explicación' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['mir', 'Banco: MIR España'],
    ['ambos', 'Banco: ambos'],
  ] as const)('reads %s as «%s»', async (bank, label) => {
    stubSetting(state({ bank }));
    render(<Harness />);
    expect(await screen.findByRole('button', { name: label })).toBeTruthy();
  });

  it('is not shown to a trial (it draws from our bank only) nor when the setting could not be read', async () => {
    const { calls } = stubSetting(state());
    render(<Harness enabled={false} />);
    render(<Harness initial={null} />);
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: /^Banco/ })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('offers the MIR items without an explanation as a second, explicit option once MIR is on', async () => {
    const { calls } = stubSetting(state({ bank: 'mir', mirNoticeDue: false }));
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Banco: MIR España' }));
    const option = within(screen.getByRole('dialog')).getByRole('checkbox', { name: 'Incluir preguntas MIR sin explicación' });
    expect(option).toHaveProperty('checked', false);
    fireEvent.click(option);
    await vi.waitFor(() => expect(option).toHaveProperty('checked', true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ bank: 'mir', includeUnexplainedMir: true });
  });
});

describe('the line on what MIR items are', () => {
  it('shows the first time the account turns MIR on, in the setting and then under the chip, and is marked shown', async () => {
    const { calls, marks } = stubSetting(state());
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Banco: Galeno ENARM' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByText(MIR_FIRST_USE_LINE)).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'MIR España' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(MIR_FIRST_USE_LINE);
    expect(MIR_FIRST_USE_LINE).toMatch(/examen MIR de España/);
    expect(MIR_FIRST_USE_LINE).toMatch(/guías y la ley de España del año de su examen, no las de México/);
    await vi.waitFor(() => expect(marks()).toBe(1));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Listo' }));
    expect(screen.getByRole('button', { name: 'Banco: MIR España' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MIR_FIRST_USE_LINE);
    // Back to ours and to MIR again, on this page: the line stays, and the server is not told twice.
    fireEvent.click(screen.getByRole('button', { name: 'Banco: MIR España' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Galeno ENARM' }));
    await screen.findByRole('button', { name: 'Banco: Galeno ENARM' });
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ bank: 'mir' }, { bank: 'galeno' }]);
    expect(marks()).toBe(1);
  });

  it('does not show again to an account that was shown it', async () => {
    const { marks } = stubSetting(state(), { seen: true });
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Banco: Galeno ENARM' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Ambos' }));
    await screen.findByRole('button', { name: 'Banco: ambos' });
    expect(screen.queryByText(MIR_FIRST_USE_LINE)).toBeNull();
    expect(marks()).toBe(0);
  });

  it('shows once on the page of an account already on MIR that was never shown it (before the line existed)', async () => {
    const { marks } = stubSetting(state({ bank: 'ambos', mirNoticeDue: true }));
    render(<Harness />);
    expect(await screen.findByText(MIR_FIRST_USE_LINE)).toBeTruthy();
    await vi.waitFor(() => expect(marks()).toBe(1));
  });
});
