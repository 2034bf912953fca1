import { scrubText } from '../../http/logging';

/**
 * An unexpected error as the log may see it. Messages of database errors quote the statement and
 * its parameters (a message's text, an identity code), so the message keeps only what precedes
 * "params:" and is shortened; the stack keeps its frames, not its first line (the message again).
 */
export function safeErrorForLog(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const seen = error instanceof Error ? error : new Error(String(error));
  // drizzle wraps the driver's error; the driver's code (e.g. 23505) says what happened.
  const cause = (seen as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code ?? (seen as { code?: unknown }).code;
  const message = scrubText(seen.message.split(/\bparams:/)[0] ?? '').slice(0, 300);
  const frames = seen.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).join('\n');
  return {
    type: seen.name,
    message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(frames ? { stack: frames } : {}),
  };
}
