import { LandingLink } from './landing-link';
import { MAX_ADVERTISED_DISCOUNT, MAX_ATTEMPTS } from '@galeno/domain/discount-quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { ExternalLink } from '../../components/ui/external-link';
import { videoChannelUrl } from '../../lib/external-links';
import { ClockIcon, GiftIcon, PlayIcon } from './landing-icons';

/** Ways to try the product before paying: the free trial, the discount quiz and the video channel. */
export function TryItSection() {
  const video = videoChannelUrl();
  return (
    <section aria-labelledby="try-it-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <h2 id="try-it-title" className="text-3xl font-bold tracking-tight text-slate-900">
        Pruébalo antes de decidir
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <ClockIcon className="size-8 text-brand-700" />
          <h3 className="mt-4 text-xl font-bold text-slate-900">Prueba gratis 5 minutos, sin registro</h3>
          <p className="mt-2 flex-1 text-slate-700">
            Entra a la plataforma y resuelve casos clínicos ahora mismo. No te pedimos correo ni tarjeta.
          </p>
          <LandingLink to="/trial-period" data-cta="trial-start" className={buttonClassName('primary', 'md', 'mt-6 self-start')}>
            Empezar prueba gratis
          </LandingLink>
        </article>

        <article className="flex flex-col rounded-2xl border border-amber-300 bg-amber-50 p-6 shadow-sm">
          <GiftIcon className="size-8 text-amber-800" />
          <h3 className="mt-4 text-xl font-bold text-amber-950">Gana hasta {MAX_ADVERTISED_DISCOUNT}% de descuento</h3>
          <p className="mt-2 flex-1 text-amber-950">
            Responde una pregunta tipo ENARM: te toma 1 minuto. Si aciertas, giras la ruleta y ganas un descuento para tu membresía. Tienes{' '}
            {MAX_ATTEMPTS} intentos.
          </p>
          <LandingLink to="/discount-quiz" data-cta="promo-discount-quiz" className={buttonClassName('primary', 'md', 'mt-6 self-start')}>
            Jugar por mi descuento
          </LandingLink>
        </article>
      </div>

      {video && (
        <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-slate-100 p-6 sm:flex-row sm:items-center">
          <PlayIcon className="size-10 shrink-0 text-red-700" />
          <div className="flex-1">
            <h3 className="font-bold text-slate-900">Consejos para el ENARM en video</h3>
            <p className="mt-1 text-slate-700">Estrategias de estudio, repasos de GPC y casos resueltos paso a paso en nuestro canal.</p>
          </div>
          <ExternalLink href={video} data-cta="video-channel" className={buttonClassName('secondary', 'md', 'self-start sm:self-auto')}>
            Ver canal de videos
          </ExternalLink>
        </div>
      )}
    </section>
  );
}
