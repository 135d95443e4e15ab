import type { ClinicCase } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/modal';
import { SourceNote, SpecialityTag } from '../../components/question/feedback';

const FULL_SCREEN = 'm-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-white p-0';

/**
 * 'Leer caso clínico': the case text alone, full screen and in larger type. Its button reads
 * 'Ir a las preguntas' before any answer (the quiz is already open) and 'Volver al examen' once the person has started.
 */
export function CaseReader({
  open,
  onClose,
  clinicCase,
  started,
}: {
  open: boolean;
  onClose: () => void;
  clinicCase: ClinicCase;
  started: boolean;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Caso clínico"
      className={FULL_SCREEN}
      headerClassName="sticky top-0 z-10 mx-auto flex max-w-3xl items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6"
      titleClassName="text-xl font-bold text-slate-900"
    >
      <div className="mx-auto max-w-3xl px-4 pb-28 pt-5 sm:px-6">
        <SpecialityTag tags={clinicCase.tags} />
        <div className="mt-4 whitespace-pre-line text-lg leading-relaxed text-slate-800">{clinicCase.clinicCaseContent}</div>
        {clinicCase.source && <SourceNote source={clinicCase.source} />}
      </div>
      <div className="fixed inset-x-0 bottom-0 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <div className="mx-auto flex max-w-3xl justify-end">
          <button type="button" onClick={onClose} className={buttonClassName('primary', 'lg', 'w-full sm:w-auto')}>
            {started ? 'Volver al examen' : 'Ir a las preguntas'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
