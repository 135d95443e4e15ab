import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { AuthCard, StageHeading } from './auth-ui';

/**
 * /no-fui-yo (issue 20): the link of a login notice, for a login the owner did not make. One tap ends every
 * session of the account and turns the birth-date and phone logins off until the owner signs in with a code.
 */
export function Component() {
  useDocumentTitle('No fui yo');
  const [params] = useSearchParams();
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'done' } | { status: 'error'; message: string }>({ status: 'idle' });

  const report = async () => {
    setState({ status: 'sending' });
    try {
      await api.auth.reportNotMe({ body: { u: params.get('u') ?? '', t: params.get('t') ?? '', s: params.get('s') ?? '' } });
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE });
    }
  };

  return (
    <AuthCard labelledBy="not-me-title">
      <StageHeading id="not-me-title" focusOnMount={false}>
        ¿No fuiste tú?
      </StageHeading>
      {state.status === 'done' ? (
        <div role="status" className="mt-3 space-y-3 text-slate-800">
          <p>
            Listo: cerramos todas las sesiones de tu cuenta y desactivamos la entrada con fecha de nacimiento y teléfono. Entra con el
            código que te enviamos por correo y, si quieres, vuelve a confirmar esos datos en «Mi perfil».
          </p>
          <Link to="/login" className={buttonClassName('primary', 'md', 'w-full')}>
            Entrar con mi código
          </Link>
        </div>
      ) : (
        <div className="mt-3 space-y-4 text-slate-800">
          <p>
            Si alguien entró a tu cuenta con tu fecha de nacimiento o tu teléfono, cerramos todas sus sesiones (también las tuyas) y
            desactivamos esa forma de entrar hasta que entres con el código de tu correo.
          </p>
          {state.status === 'error' && (
            <p role="alert" className="font-semibold text-red-700">
              {state.message}
            </p>
          )}
          <button
            type="button"
            onClick={() => void report()}
            disabled={state.status === 'sending'}
            className={buttonClassName('danger', 'md', 'w-full')}
          >
            {state.status === 'sending' ? 'Cerrando sesiones...' : 'Cerrar todas mis sesiones'}
          </button>
          <Link to="/login" className={buttonClassName('ghost', 'md', 'w-full')}>
            Sí fui yo: ir a entrar
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
