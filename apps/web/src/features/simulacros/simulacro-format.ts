/** The countdown: h:mm:ss. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Where the simulacro keeps the answers the server has not confirmed yet. */
export const pendingKey = (quizSessionId: string) => `simulacro-pendiente:${quizSessionId}`;
