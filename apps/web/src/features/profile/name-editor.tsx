import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ProfileNameSchema } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveName } from '../../lib/profile';
import { useRequiredUser, useSession } from '../../lib/session';

/**
 * The name in «Tus datos» (issue 20), edited in place: it opens nothing, so no code is asked. Escape or «Cancelar»
 * leaves it as it was; a refused name stays in the field with the reason under it.
 */
export function NameEditor() {
  const id = useId();
  const user = useRequiredUser();
  const { setUser } = useSession();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(user.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else editRef.current?.focus();
  }, [editing]);

  const open = () => {
    setValue(user.name);
    setError(null);
    moveFocus.current = true;
    setEditing(true);
  };

  const close = () => {
    setError(null);
    moveFocus.current = true;
    setEditing(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = ProfileNameSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? UNEXPECTED_ERROR_MESSAGE);
    if (parsed.data === user.name) return close();
    setSaving(true);
    setError(null);
    try {
      const name = await saveName(parsed.data);
      setUser({ ...user, name });
      toast.success('Nombre guardado');
      close();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE);
      inputRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  if (!editing)
    return (
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-600">Nombre</p>
          <p className="wrap-anywhere text-slate-900">{user.name}</p>
        </div>
        <button ref={editRef} type="button" onClick={open} className={buttonClassName('secondary', 'sm')}>
          Cambiar nombre
        </button>
      </div>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) {
          event.preventDefault();
          close();
        }
      }}
      className="space-y-3"
    >
      <TextField
        ref={inputRef}
        id={`${id}-name`}
        label="Nombre"
        autoComplete="name"
        value={value}
        readOnly={saving}
        maxLength={200}
        error={error ?? undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={saving} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          {saving ? 'Guardando...' : 'Guardar nombre'}
        </button>
        <button type="button" onClick={close} disabled={saving} className={buttonClassName('ghost', 'md', 'w-full sm:w-auto')}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
