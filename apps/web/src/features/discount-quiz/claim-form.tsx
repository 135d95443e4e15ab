import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDiscount } from '@galeno/domain/discount-quiz-machine';
import { formatDate } from '@galeno/domain/format';
import { claimFormIssue, type ClaimFormValues } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { signupPrefillState } from '../../lib/signup-prefill';
import { claimPublicDiscount, type PublicDiscountClaim } from './api';
import { ScreenCard, ScreenHeading } from './quiz-parts';
import {
  ALL_GOOD,
  BACK,
  BACK_HOME,
  BIRTH_DATE_LABEL,
  CLAIM_REGISTERED,
  CLAIM_TEXT,
  CLAIM_TITLE,
  claimTitle,
  CONDITIONS_SENT,
  CONFIRM_TITLE,
  CREATE_ACCOUNT,
  EMAIL_LABEL,
  EMAIL_SENT_TITLE,
  FIX_EMAIL,
  LOADING,
  NAME_LABEL,
  NO_DISCOUNT,
  RECEIVE_DISCOUNT,
  SENDING,
  validUntilText,
} from './texts';

/** The request for a valid form; without a discount there is nothing to claim (spec: throws 'No discount'). */
export function claimRequestOf(values: ClaimFormValues, prize: number | null): PublicDiscountClaim {
  if (prize === null) throw new Error(NO_DISCOUNT);
  return { name: values.name.trim(), email: values.email.trim(), dateOfBirth: values.dateOfBirth.trim(), discount: formatDiscount(prize) };
}

interface ClaimFormProps {
  prize: number | null;
  focusHeading: boolean;
  onBack: () => void;
}

const EMPTY: ClaimFormValues = { name: '', email: '', dateOfBirth: '' };

/**
 * The public claim (spec section 2, "Claim form", and section 5): one inline error at a time in the
 * spec's order, then the 'Confirma tu correo' popup, because the e-mail cannot be changed afterwards.
 * 'Todo bien' sends the claim; success shows the '¡Email enviado!' screen, failure an error toast.
 */
export function ClaimForm({ prize, focusHeading, onBack }: ClaimFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [issue, setIssue] = useState<ReturnType<typeof claimFormIssue>>(null);
  const [request, setRequest] = useState<PublicDiscountClaim | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ claim: PublicDiscountClaim; validUntil: string } | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [focusEmail, setFocusEmail] = useState(false);
  /** The address already holds a discount: it waits there for an account made with it (N16). */
  const [emailHolds, setEmailHolds] = useState<PublicDiscountClaim | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const birthDateRef = useRef<HTMLInputElement>(null);

  // After 'Corregir correo', once the popup has handed focus back: straight to the field to fix.
  useEffect(() => {
    if (!focusEmail) return;
    emailRef.current?.focus();
    emailRef.current?.select();
  }, [focusEmail, emailRef]);

  // Thrown during render so the route's error page shows it, as a thrown error would.
  if (failure) throw failure;

  const edit = (field: keyof ClaimFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (issue?.field === field) setIssue(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = claimFormIssue(values, new Date());
    setIssue(found);
    if (found) {
      const field = { name: nameRef, email: emailRef, dateOfBirth: birthDateRef }[found.field];
      field.current?.focus();
      return;
    }
    try {
      setFocusEmail(false);
      setRequest(claimRequestOf(values, prize));
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(NO_DISCOUNT));
    }
  };

  const confirm = async () => {
    if (!request || sending) return;
    setSending(true);
    try {
      const { validUntil } = await claimPublicDiscount(request);
      toast.success(CLAIM_REGISTERED);
      setSent({ claim: request, validUntil });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);
      if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_CLAIMED') setEmailHolds(request);
    } finally {
      setSending(false);
      setRequest(null);
    }
  };

  const fixEmail = () => {
    if (sending) return;
    setRequest(null);
    setFocusEmail(true);
  };

  if (sent !== null) return <EmailSent claim={sent.claim} percent={prize} validUntil={sent.validUntil} />;

  return (
    <ScreenCard>
      <ScreenHeading focus={focusHeading}>{prize === null ? CLAIM_TITLE : claimTitle(prize)}</ScreenHeading>
      <p className="mt-2 text-slate-700">{CLAIM_TEXT}</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <TextField
          ref={nameRef}
          id="claim-name"
          label={NAME_LABEL}
          autoComplete="name"
          value={values.name}
          onChange={(event) => edit('name')(event.target.value)}
          error={issue?.field === 'name' ? issue.message : undefined}
        />
        <TextField
          ref={emailRef}
          id="claim-email"
          label={EMAIL_LABEL}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={(event) => edit('email')(event.target.value)}
          error={issue?.field === 'email' ? issue.message : undefined}
        />
        <TextField
          ref={birthDateRef}
          id="claim-birth-date"
          label={BIRTH_DATE_LABEL}
          type="date"
          autoComplete="bday"
          value={values.dateOfBirth}
          onChange={(event) => edit('dateOfBirth')(event.target.value)}
          error={issue?.field === 'dateOfBirth' ? issue.message : undefined}
        />
        {/* The claim collects a name, an e-mail and a birth date: the notice says what for (issue 20). */}
        <p className="text-sm text-slate-700">
          Usamos estos datos solo para enviarte tu descuento y dejarlo en tu cuenta. Consulta nuestro{' '}
          <a href="/privacidad" target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
            aviso de privacidad
          </a>
          .
        </p>
        <div className="flex flex-col gap-3 pt-2 sm:flex-row-reverse sm:justify-start">
          <button type="submit" disabled={sending} className={buttonClassName('primary', 'lg', 'sm:flex-1')}>
            {sending ? SENDING : RECEIVE_DISCOUNT}
          </button>
          <button type="button" onClick={onBack} disabled={sending} className={buttonClassName('secondary', 'lg')}>
            {BACK}
          </button>
        </div>
        {emailHolds && (
          <p role="status" className="rounded-xl bg-amber-50 p-3 text-amber-950">
            Ese correo ya tiene un descuento guardado: crea tu cuenta con él y lo encontrarás ahí.{' '}
            <Link
              to="/signup"
              state={signupPrefillState({
                email: emailHolds.email,
                name: emailHolds.name,
                dateOfBirth: emailHolds.dateOfBirth,
                discountPercent: null,
              })}
              className="font-semibold text-brand-800 underline"
            >
              {CREATE_ACCOUNT}
            </Link>
          </p>
        )}
      </form>

      <Modal
        open={request !== null}
        onClose={fixEmail}
        title={CONFIRM_TITLE}
        description={
          <>
            <p>Enviaremos tu descuento a:</p>
            <p className="mt-1 break-all text-lg font-bold text-slate-900">{request?.email}</p>
            <p className="mt-3">Revisa que esté bien escrito: después no podrás cambiar este correo.</p>
          </>
        }
      >
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button type="button" onClick={() => void confirm()} disabled={sending} className={buttonClassName('primary', 'md', 'sm:flex-1')}>
            {sending ? LOADING : ALL_GOOD}
          </button>
          <button type="button" onClick={fixEmail} disabled={sending} className={buttonClassName('secondary', 'md')}>
            {FIX_EMAIL}
          </button>
        </div>
      </Modal>
    </ScreenCard>
  );
}

/**
 * '¡Email enviado!': where the discount went, where to look for it, its conditions, and signing up with the
 * claim's name, e-mail, birth date and discount already filled in (carried in the history state, never in the URL).
 */
function EmailSent({ claim, percent, validUntil }: { claim: PublicDiscountClaim; percent: number | null; validUntil: string }) {
  const { email, name, dateOfBirth } = claim;
  const prefill = signupPrefillState({ email, name, dateOfBirth, discountPercent: percent });
  return (
    <ScreenCard>
      <ScreenHeading focus>{EMAIL_SENT_TITLE}</ScreenHeading>
      <p className="mt-3 text-slate-700">
        Enviamos tu descuento{percent === null ? '' : ` de ${percent}%`} a <strong className="break-all text-slate-900">{email}</strong>.
      </p>
      <p className="mt-2 text-slate-700">Revisa tu bandeja de entrada y también la carpeta de spam.</p>
      <p className="mt-2 text-slate-700">Crea tu cuenta con este mismo correo y el descuento quedará en ella.</p>
      <p data-testid="prize-conditions" className="mt-2 text-sm text-slate-600">
        {CONDITIONS_SENT}
      </p>
      {!Number.isNaN(Date.parse(validUntil)) && (
        <p className="mt-1 text-sm font-semibold text-slate-800">{validUntilText(formatDate(new Date(validUntil)))}</p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/signup" state={prefill} className={buttonClassName('primary', 'lg')}>
          {CREATE_ACCOUNT}
        </Link>
        <Link to="/" className={buttonClassName('secondary', 'lg')}>
          {BACK_HOME}
        </Link>
      </div>
    </ScreenCard>
  );
}
