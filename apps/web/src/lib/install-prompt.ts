import { useEffect, useState } from 'react';

/*
 * «Instalar la app» (issue 41): the browser offers installation once the page is installable (a manifest, an icon);
 * Chromium announces it with `beforeinstallprompt`, which is kept here so the home can offer it at a sensible moment
 * (after some study), once, and never again after «Ahora no».
 */

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'instalar-app-descartado';
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/** Called once at start: keeps the browser's offer for later instead of its own mini-bar. */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    for (const listener of listeners) listener();
  });
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether to offer installation now, and the two answers. */
export function useInstallPrompt() {
  const [available, setAvailable] = useState(() => deferred !== null && !dismissed());
  useEffect(() => {
    const update = () => setAvailable(deferred !== null && !dismissed());
    listeners.add(update);
    update();
    return () => void listeners.delete(update);
  }, []);
  return {
    available,
    async install() {
      if (!deferred) return;
      const event = deferred;
      deferred = null;
      await event.prompt();
      await event.userChoice.catch(() => undefined);
      setAvailable(false);
    },
    dismiss() {
      try {
        localStorage.setItem(DISMISSED_KEY, '1');
      } catch {
        // Private mode: it simply shows again next time.
      }
      setAvailable(false);
    },
  };
}
