import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';

type State = 'sending' | 'done' | 'failed';

/**
 * /recordatorios/baja, the plan e-mail's one-click unsubscribe (issue 40): the link carries who and its signature; the
 * page sends them once it runs (a mail client that only fetches the link changes nothing) and says it is done.
 */
export function Component() {
  useDocumentTitle('Correo de tu plan');
  const [params] = useSearchParams();
  const [state, setState] = useState<State>('sending');
  const u = params.get('u') ?? '';
  const s = params.get('s') ?? '';
  useEffect(() => {
    api.plan.unsubscribeDigest({ body: { u, s } }).then(
      () => setState('done'),
      () => setState('failed'),
    );
  }, [u, s]);
  return (
    <section aria-labelledby="unsubscribe-heading" className="space-y-4">
      <h1 id="unsubscribe-heading" className="text-2xl font-bold text-slate-900">
        Correo de tu plan
      </h1>
      <p role="status" className="text-slate-700">
        {state === 'sending'
          ? 'Un momento...'
          : state === 'done'
            ? 'Listo: ya no te enviaremos el correo con tu plan de hoy. Puedes volver a activarlo en «Mi plan de estudio».'
            : 'No pudimos completarlo. Revisa tu conexión e intenta abrir el enlace otra vez, o desactívalo en «Mi plan de estudio».'}
      </p>
      <Link to="/app/plan" className={buttonClassName('secondary', 'md')}>
        Ir a mi plan
      </Link>
    </section>
  );
}
