import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FallbackLogin } from '@galeno/domain/contracts/profile';
import { OtpCodeSchema } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/modal';
import { CodeField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { API_ROUTES } from '@galeno/domain/api-routes/index';
import { api } from '../../lib/api';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { LoginDataForm } from './login-data-form';
import { NameEditor } from './name-editor';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);

/**
 * «Tus datos» (issue 20, ARCO rights): correct your name (freely) and your birth date and phone (with a code sent to
 * the account's e-mail, as they are ways in), download everything held about you as a JSON file, or delete the
 * account, confirmed by a code sent to its e-mail.
 */
export function AccountDataBlock({
  userId,
  email,
  fallbackLogin,
  inGroup,
}: {
  userId: string;
  email: string;
  fallbackLogin: FallbackLogin;
  /** The account's access comes with a group plan (its own or a seat in someone else's). */
  inGroup: boolean;
}) {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Tus datos
      </h2>
      <div className="mt-3 space-y-5 divide-y divide-slate-100 [&>*+*]:pt-5">
        <NameEditor />
        <LoginDataForm userId={userId} email={email} saved={fallbackLogin} />
      </div>
      <p className="mt-5 border-t border-slate-100 pt-5 text-slate-700">
        Descarga todo lo que guardamos de ti (tu cuenta, respuestas, flashcards y pagos) en un archivo.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <a href={API_ROUTES.profile.exportData.path} download className={buttonClassName('secondary', 'md')}>
          Descargar mis datos
        </a>
        <button type="button" onClick={() => setDeleting(true)} className={buttonClassName('secondary', 'md')}>
          Eliminar mi cuenta
        </button>
      </div>
      {deleting && <DeleteAccountDialog email={email} inGroup={inGroup} onClose={() => setDeleting(false)} />}
    </section>
  );
}

/**
 * The owner of the group plan a seat holder is in, or null (not in a group, its owner, or not known). A deleted
 * member's seat stays taken (auth/delete-account.ts), so the person is told before deleting (ux N27).
 */
function useSeatOwner(inGroup: boolean): string | null {
  const [owner, setOwner] = useState<string | null>(null);
  useEffect(() => {
    if (!inGroup) return;
    const controller = new AbortController();
    api.memberships.groupMembership({ signal: controller.signal }).then(
      ({ groupMembership }) => setOwner(groupMembership && !groupMembership.isOwner ? groupMembership.ownerEmail : null),
      // Without the answer the dialog still deletes; it only cannot name the group.
      () => undefined,
    );
    return () => controller.abort();
  }, [inGroup]);
  return owner;
}

function DeleteAccountDialog({ email, inGroup, onClose }: { email: string; inGroup: boolean; onClose: () => void }) {
  const { forget } = useSession();
  const seatOwner = useSeatOwner(inGroup);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [stage, setStage] = useState<'confirm' | 'code'>('confirm');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.auth.requestDeleteCode();
      setStage('code');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OtpCodeSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? UNEXPECTED_ERROR_MESSAGE);
    setBusy(true);
    setError(null);
    try {
      await api.auth.deleteAccount({ body: { otpCode: parsed.data } });
      // The server already ended the session; forgotten here, the app's guard takes the person to the landing page.
      forget();
      toast.success('Eliminamos tu cuenta y tus datos.');
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      role="alertdialog"
      title="¿Eliminar tu cuenta?"
      initialFocusRef={cancelRef}
      description={
        <>
          <p>
            Se borran tu cuenta, tus respuestas, tus estadísticas y tus flashcards, y no se puede deshacer. Tus pagos se conservan sin tu
            nombre, como lo pide la ley.
          </p>
          {seatOwner && (
            <p className="mt-2 break-words font-semibold text-red-900">
              {`Tienes un lugar en el plan grupal de ${seatOwner}: al eliminar tu cuenta lo pierdes, y ese lugar no vuelve a quedar libre para el grupo.`}
            </p>
          )}
        </>
      }
    >
      {stage === 'confirm' ? (
        <div className="mt-6 flex flex-col gap-3">
          {error && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <button type="button" onClick={() => void sendCode()} disabled={busy} className={buttonClassName('primary')}>
            {busy ? 'Enviando código...' : `Enviar código a ${email}`}
          </button>
          <button ref={cancelRef} type="button" onClick={onClose} disabled={busy} className={buttonClassName('secondary')}>
            Conservar mi cuenta
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void confirm(event)} className="mt-6 space-y-3">
          <p className="text-slate-700">Escribe el código que te enviamos para confirmar.</p>
          <CodeField
            id="delete-account-code"
            label="Código"
            value={code}
            error={error ?? undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" disabled={busy || code.trim() === ''} className={buttonClassName('danger', 'md', 'w-full')}>
            {busy ? 'Eliminando...' : 'Eliminar mi cuenta definitivamente'}
          </button>
          <button ref={cancelRef} type="button" onClick={onClose} disabled={busy} className={buttonClassName('secondary', 'md', 'w-full')}>
            Conservar mi cuenta
          </button>
        </form>
      )}
    </Modal>
  );
}
