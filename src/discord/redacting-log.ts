import { inspect } from 'node:util';

/**
 * The bot's log line writer: secrets given at start-up (the token) are blanked out of every
 * message and error, so a pasted log never leaks them.
 */
export interface Log {
  (message: string, err?: unknown): void;
  redact(text: string): string;
}

export function redactingLog(secrets: readonly string[], write: (line: string) => void = (l) => console.error(l)): Log {
  const hidden = secrets.filter((s) => s.length >= 8);
  const redact = (text: string) => hidden.reduce((t, s) => t.split(s).join('[redacted]'), text);
  const log = (message: string, err?: unknown) =>
    write(redact(err === undefined ? message : `${message}: ${err instanceof Error ? (err.stack ?? err.message) : inspect(err)}`));
  return Object.assign(log, { redact });
}
