import { readFile, stat } from 'node:fs/promises';
import { UserError } from '../contracts/errors.js';
import { LIMITS } from '../contracts/limits.js';

/** The largest import file: an export never exceeds Discord's upload limit (10 MiB). */
export const IMPORT_MAX_BYTES = LIMITS.uploadBytes;

/** MiB to one decimal, rounded up (a file just over the limit never reads as the limit), whole numbers without one. */
const mib = (bytes: number) => {
  const tenths = Math.ceil((bytes / 2 ** 20) * 10);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MiB`;
};

/** The refusal for a file of `bytes`, or undefined when it may be read. Said before anything is downloaded. */
export function importSizeRefusal(bytes: number, what = 'That file'): string | undefined {
  if (bytes <= IMPORT_MAX_BYTES) return undefined;
  return `${what} is ${mib(bytes)}; an export file is at most ${mib(IMPORT_MAX_BYTES)}, so it was not read. Nothing was imported.`;
}

/** Discord serves attachments from these origins; nothing else is fetched, whatever a user types. */
export const DISCORD_ATTACHMENT_ORIGINS: readonly string[] = ['https://cdn.discordapp.com', 'https://media.discordapp.net'];

/**
 * The text of an import file: an attachment URL (from Discord), or a path on this machine
 * when `allowLocal` (the console only, where the user owns the machine). `origins`: where an
 * attachment may come from (scheme, host and port); Discord's CDN unless a caller (a test
 * against the fake Discord) passes others explicitly.
 */
export async function readImportSource(
  value: string,
  allowLocal: boolean,
  origins: readonly string[] = DISCORD_ATTACHMENT_ORIGINS,
): Promise<string> {
  if (/^https?:\/\//i.test(value)) return fetchAttachment(value, origins);
  if (!allowLocal) throw new UserError('Attach the JSON file made by /game export (file paths work only in the local console).');
  try {
    const info = await stat(value);
    if (!info.isFile()) throw new UserError(`${value} is not a file. Give the path of a file made by /game export.`);
    const refusal = importSizeRefusal(info.size, value);
    if (refusal) throw new UserError(refusal);
    return await readFile(value, 'utf8');
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(
      `Cannot read ${value}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}. Give the path of a file made by /game export.`,
    );
  }
}

async function fetchAttachment(value: string, origins: readonly string[]): Promise<string> {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !origins.includes(url.origin)) throw new UserError('Import takes a file attached in Discord, not a link to elsewhere.');
  // A redirect or a network failure is Discord's CDN not handing the file over, like a 404.
  const response = await fetch(url, { redirect: 'error' }).catch(() => undefined);
  if (!response) throw new UserError('Discord did not hand over the attachment (it could not be fetched); try attaching it again.');
  if (!response.ok) throw new UserError(`Discord did not hand over the attachment (HTTP ${response.status}); try attaching it again.`);
  const refusal = importSizeRefusal(Number(response.headers.get('content-length') ?? 0));
  if (refusal) {
    await response.body?.cancel();
    throw new UserError(refusal);
  }
  // Read at most the limit, whatever the headers said: a longer body is cut off and refused.
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    received += chunk.value.byteLength;
    if (received > IMPORT_MAX_BYTES) {
      await reader!.cancel();
      throw new UserError(
        `That file is larger than ${mib(IMPORT_MAX_BYTES)}, the most an export file can be, so it was not read. Nothing was imported.`,
      );
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
