import { LandingLink } from './landing-link';
import { BrandMark } from '../../components/ui/brand-mark';
import { ExternalLink } from '../../components/ui/external-link';
import { getAppName } from '../../lib/brand';
import { supportChatUrl, videoChannelUrl } from '../../lib/external-links';

const FOOTER_LINK = 'inline-flex min-h-11 items-center rounded text-slate-300 underline-offset-4 hover:text-white hover:underline';

export function LandingFooter() {
  const support = supportChatUrl();
  const video = videoChannelUrl();
  const brand = getAppName();
  return (
    <footer className="surface-dark bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-1">
          <BrandMark className="text-lg text-white" />
          <p className="mt-3 max-w-sm">
            Práctica diaria para el ENARM: casos clínicos, preguntas por especialidad y flashcards de las Guías de Práctica Clínica.
          </p>
        </div>

        <nav aria-label="Enlaces del sitio">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{brand}</h2>
          <ul className="mt-2">
            <li>
              <LandingLink to="/" data-cta="footer-home" className={FOOTER_LINK}>
                Inicio
              </LandingLink>
            </li>
            <li>
              <LandingLink to="/login" data-cta="footer-login" className={FOOTER_LINK}>
                Iniciar sesión
              </LandingLink>
            </li>
            <li>
              <LandingLink to="/signup" data-cta="footer-signup" className={FOOTER_LINK}>
                Regístrate
              </LandingLink>
            </li>
            <li>
              <LandingLink to="/app" data-cta="footer-app" className={FOOTER_LINK}>
                Ir a mi panel
              </LandingLink>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Ayuda</h2>
          <ul className="mt-2">
            {support && (
              <li>
                <ExternalLink href={support} data-cta="footer-support" className={FOOTER_LINK}>
                  Chat de soporte
                </ExternalLink>
              </li>
            )}
            {video && (
              <li>
                <ExternalLink href={video} data-cta="footer-video-channel" className={FOOTER_LINK}>
                  Canal de videos
                </ExternalLink>
              </li>
            )}
            <li>
              <a href="#faq" data-cta="footer-faq" className={FOOTER_LINK}>
                Preguntas frecuentes
              </a>
            </li>
            <li>
              <LandingLink to="/novedades" data-cta="footer-bank-changes" className={FOOTER_LINK}>
                Novedades del banco
              </LandingLink>
            </li>
            <li>
              <LandingLink to="/contacto" data-cta="footer-contact" className={FOOTER_LINK}>
                Contacto
              </LandingLink>
            </li>
          </ul>
        </div>

        <nav aria-label="Información legal">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Legal</h2>
          <ul className="mt-2">
            <li>
              <LandingLink to="/privacidad" data-cta="footer-privacy" className={FOOTER_LINK}>
                Aviso de privacidad
              </LandingLink>
            </li>
            <li>
              <LandingLink to="/terminos" data-cta="footer-terms" className={FOOTER_LINK}>
                Términos y condiciones
              </LandingLink>
            </li>
            <li>
              <LandingLink to="/reembolsos" data-cta="footer-refunds" className={FOOTER_LINK}>
                Política de reembolsos
              </LandingLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {brand}. Plataforma independiente de estudio: no está afiliada a la CIFRHS ni a los organizadores del
          ENARM.
        </p>
      </div>
    </footer>
  );
}
