import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { suggestEmailFix } from '@galeno/domain/email-typos';
import { firstFieldErrors, GroupInviteSchema, type GroupInvite } from '@galeno/domain/forms';
import { GROUP_MAX_INVITES } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { inviteGroupMember } from './api';
import { messageOf } from './route-loading';
import { INVITE_FAILED, INVITE_SENT } from './texts';

type Field = keyof GroupInvite;
const EMPTY: GroupInvite = { affiliateEmail: '', affiliateAlias: '' };

/**
 * The owner's invitations (spec section 4, "Group"): a disclosure that opens the form and closes it
 * again. After a sent invitation the page's loader runs again, so the list and counts show it.
 */
export function GroupInvitePanel({ invitesLeft }: { invitesLeft: number }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  const headingRef = useRef<HTMLHeadingElement>(null);
  const close = () => {
    setOpen(false);
    // After the last invitation the toggle goes away with the reload: the heading keeps the person's place.
    if (toggleRef.current) toggleRef.current.focus();
    else headingRef.current?.focus();
  };
  // The reload that follows an invite can remove the toggle that had focus.
  useEffect(() => {
    if (invitesLeft <= 0 && document.activeElement === document.body) headingRef.current?.focus();
  }, [invitesLeft]);

  return (
    <section aria-labelledby="group-invite-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="group-invite-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold text-slate-900">
        Invitar a un miembro
      </h2>
      {invitesLeft <= 0 ? (
        <p className="mt-2 text-slate-700">Ya usaste las {GROUP_MAX_INVITES} invitaciones de tu plan grupal.</p>
      ) : (
        <>
          <p className="mt-1 text-slate-700">
            {invitesLeft === 1 ? 'Te queda 1 invitación.' : `Te quedan ${invitesLeft} invitaciones.`} La persona recibirá un correo con el
            enlace para activar su membresía.
          </p>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls={formId}
            onClick={() => (open ? close() : setOpen(true))}
            className={buttonClassName(open ? 'secondary' : 'primary', 'md', 'mt-4 w-full sm:w-auto')}
          >
            {open ? 'Cerrar formulario' : 'Nueva invitación'}
          </button>
          {open && <InviteForm id={formId} onClose={close} />}
        </>
      )}
    </section>
  );
}

function InviteForm({ id, onClose }: { id: string; onClose: () => void }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState<GroupInvite>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const aliasRef = useRef<HTMLInputElement>(null);

  useEffect(() => emailRef.current?.focus(), []);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // An error clears as soon as the field is edited.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = GroupInviteSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = firstFieldErrors(parsed.error) as Partial<Record<Field, string>>;
      setErrors(fieldErrors);
      (fieldErrors.affiliateEmail ? emailRef : aliasRef).current?.focus();
      return;
    }
    setSending(true);
    try {
      await inviteGroupMember(parsed.data);
    } catch (error) {
      setSending(false);
      toast.error(messageOf(error, INVITE_FAILED));
      return;
    }
    toast.success(INVITE_SENT);
    onClose();
    void revalidator.revalidate();
  };

  return (
    <form id={id} noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4 border-t border-slate-100 pt-4">
      <TextField
        ref={emailRef}
        id={`${id}-email`}
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.affiliateEmail}
        onChange={(event) => change('affiliateEmail', event.target.value)}
        error={errors.affiliateEmail}
      />
      <EmailFixSuggestion email={values.affiliateEmail} onUse={(fixed) => change('affiliateEmail', fixed)} />
      <TextField
        ref={aliasRef}
        id={`${id}-alias`}
        label="Alias"
        hint="Un nombre para reconocer a esta persona en tu lista."
        autoComplete="off"
        required
        value={values.affiliateAlias}
        onChange={(event) => change('affiliateAlias', event.target.value)}
        error={errors.affiliateAlias}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} disabled={sending} className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
          Cancelar
        </button>
        <button type="submit" disabled={sending} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          {sending ? 'Enviando...' : 'Enviar invitación'}
        </button>
      </div>
    </form>
  );
}

/** «¿Quisiste decir sofia@gmail.com?» under a mistyped domain (ux N15): a suggestion, never a block. */
function EmailFixSuggestion({ email, onUse }: { email: string; onUse: (fixed: string) => void }) {
  const fixed = suggestEmailFix(email);
  if (!fixed) return null;
  return (
    <p className="-mt-2 text-sm text-amber-950">
      <button
        type="button"
        onClick={() => onUse(fixed)}
        className="min-h-11 text-left font-semibold text-brand-800 underline underline-offset-2"
      >
        ¿Quisiste decir <span className="break-all">{fixed}</span>? Usar este correo
      </button>
    </p>
  );
}
