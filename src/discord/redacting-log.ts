import { type Level, type Logger, pino } from 'pino';

/**
 * The bot's log: one JSON object a line (pino: time, level, msg, and fields such as the
 * interaction, channel and error with its stack and cause), so a log collector can search it.
 * Secrets given at start-up (the token) are blanked out of every line, whatever field they
 * hide in, so a pasted log never leaks them.
 */
export interface Log {
  /** A line at info, or at error with `err`. */
  (message: string, err?: unknown): void;
  /** The structured logger: `log.logger.warn({ err, channelId }, 'message')`. */
  readonly logger: Logger;
  redact(text: string): string;
}

export type LogLevel = Level | 'silent';

export function redactingLog(
  secrets: readonly string[],
  write: (line: string) => void = (l) => console.error(l),
  level: LogLevel = 'info',
): Log {
  const hidden = secrets.filter((s) => s.length >= 8);
  const redact = (text: string) => hidden.reduce((t, s) => t.split(s).join('[redacted]'), text);
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Fields that carry credentials by name, whatever their value.
      redact: { paths: ['token', '*.token', 'authorization', '*.authorization', '*.headers.authorization'], censor: '[redacted]' },
    },
    { write: (line: string) => write(redact(line.replace(/\n$/, ''))) },
  );
  const log = (message: string, err?: unknown) => (err === undefined ? logger.info(message) : logger.error({ err }, message));
  return Object.assign(log, { logger, redact });
}
