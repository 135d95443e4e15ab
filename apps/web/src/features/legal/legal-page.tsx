import { createContext, useContext, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { formatDate } from '@galeno/domain/format';
import { PublicPageHeader } from '../../components/layout/public-page-header';
import { buttonClassName } from '../../components/ui/button-styles';
import { MainContent } from '../../components/ui/main-content';
import { getAppName } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';
import { useLegalInfo, type LegalInfoState } from './use-legal-info';

/** The four legal pages, in the order every one of them lists them. */
export const LEGAL_LINKS = [
  { to: '/privacidad', label: 'Aviso de privacidad' },
  { to: '/terminos', label: 'Términos y condiciones' },
  { to: '/reembolsos', label: 'Política de reembolsos' },
  { to: '/contacto', label: 'Contacto' },
] as const;

export const PLACEHOLDER_NOTICE = 'Datos del responsable por configurar: esta instalación aún no tiene los datos legales del operador.';
export const LOAD_FAILED_NOTICE =
  'No pudimos cargar los datos del responsable (nombre, domicilio y correo de contacto). El resto del texto de esta página sí está completo.';
export const LOADING_NOTICE = 'Cargando los datos del responsable...';
export const RETRY = 'Reintentar';
const UNAVAILABLE = 'dato no disponible por ahora';

/** A link inside the text: underlined, so it never depends on colour alone. */
export const TEXT_LINK = 'rounded font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

/**
 * Type for the text: a readable measure (at most ~65 characters a line), h2 sections, lists with their markers.
 * Descendant selectors keep the pages' JSX plain.
 */
const PROSE =
  'text-base leading-7 text-slate-800 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-bold [&_h3]:text-slate-900 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_dl]:mt-3';

const LegalInfoContext = createContext<LegalInfoState>({ status: 'loading' });

/** The operator's data, or the loading / failed state, for the inline pieces below. */
export function useLegalState(): LegalInfoState {
  return useContext(LegalInfoContext);
}

/**
 * The frame of the four legal pages: a header back to the home page, one h1, the operator-data notices (loading,
 * failed with a retry, or placeholders), the page's sections and, at the end, links among the four pages. The text
 * never waits for GET /api/legal: only the operator's name, address and e-mail do.
 */
export function LegalPage({
  title,
  documentTitle = title,
  showVersion = false,
  children,
}: {
  title: string;
  /** The tab's title, when shorter than the heading. */
  documentTitle?: string;
  /** Whether to show the version in force (the privacy notice and the terms share it). */
  showVersion?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  const { state, retry } = useLegalInfo();

  return (
    <LegalInfoContext.Provider value={state}>
      <div className="flex min-h-dvh flex-col bg-white">
        <PublicPageHeader />

        <MainContent className="flex-1">
          <article className="mx-auto max-w-[65ch] px-4 py-8 sm:px-6 sm:py-12">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
            {showVersion && state.status === 'ready' && (
              <p className="mt-2 text-sm text-slate-600">Versión vigente: {versionLabel(state.info.noticeVersion)}</p>
            )}
            <LegalInfoNotice state={state} retry={retry} />
            <div className={PROSE}>{children}</div>
          </article>
        </MainContent>

        <footer className="border-t border-slate-200 bg-slate-50">
          <nav aria-label="Documentos legales" className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
            <ul className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className="inline-flex min-h-11 items-center rounded text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-slate-600">
              {getAppName()} es una plataforma independiente de estudio: no está afiliada a la CIFRHS ni a los organizadores del ENARM.
            </p>
          </nav>
        </footer>
      </div>
    </LegalInfoContext.Provider>
  );
}

function LegalInfoNotice({ state, retry }: { state: LegalInfoState; retry: () => void }) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="mt-4 text-sm text-slate-600">
        {LOADING_NOTICE}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">{LOAD_FAILED_NOTICE}</p>
        <p className="mt-1 text-sm">{state.message}</p>
        <button type="button" onClick={retry} className={buttonClassName('secondary', 'md', 'mt-3')}>
          {RETRY}
        </button>
      </div>
    );
  }
  if (!state.info.placeholders) return null;
  return (
    <p role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
      {PLACEHOLDER_NOTICE}
    </p>
  );
}

/** '2026-11-24' reads «24 de noviembre de 2026» (noon UTC is that same day in Mexico City); any other form stays as it is. */
export function versionLabel(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) ? formatDate(new Date(`${version}T12:00:00Z`)) : version;
}

/** One value of the operator's data inside the text: a short stand-in while it loads or when it could not be loaded. */
function OperatorValue({ render }: { render: (info: Extract<LegalInfoState, { status: 'ready' }>['info']) => ReactNode }) {
  const state = useLegalState();
  if (state.status === 'ready') return <>{render(state.info)}</>;
  return <span className="text-slate-600 italic">{state.status === 'loading' ? 'cargando...' : UNAVAILABLE}</span>;
}

/** The operator's legal name (razón social or the person's name). */
export function OperatorName() {
  return <OperatorValue render={(info) => <strong className="font-semibold">{info.operatorName}</strong>} />;
}

/** The operator's address for notices. */
export function OperatorAddress() {
  return <OperatorValue render={(info) => info.address} />;
}

/** The contact e-mail as a mailto link; `subject` pre-fills the message's subject. */
export function ContactEmail({ subject }: { subject?: string }) {
  return (
    <OperatorValue
      render={(info) => (
        <a
          href={`mailto:${info.contactEmail}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`}
          className={`${TEXT_LINK} wrap-anywhere`}
        >
          {info.contactEmail}
        </a>
      )}
    />
  );
}

/** An h2 section with a stable anchor (/privacidad#cookies), named by its heading for assistive technology. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="scroll-mt-4">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The operator's name, address and e-mail as a short list of terms. */
export function OperatorCard({ emailLabel = 'Correo de contacto' }: { emailLabel?: string }) {
  return (
    <dl className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="py-1.5 sm:flex sm:gap-4">
        <dt className="font-semibold text-slate-600 sm:w-40 sm:shrink-0">Responsable</dt>
        <dd>
          <OperatorName />
        </dd>
      </div>
      <div className="py-1.5 sm:flex sm:gap-4">
        <dt className="font-semibold text-slate-600 sm:w-40 sm:shrink-0">Domicilio</dt>
        <dd>
          <OperatorAddress />
        </dd>
      </div>
      <div className="py-1.5 sm:flex sm:gap-4">
        <dt className="font-semibold text-slate-600 sm:w-40 sm:shrink-0">{emailLabel}</dt>
        <dd>
          <ContactEmail />
        </dd>
      </div>
    </dl>
  );
}
