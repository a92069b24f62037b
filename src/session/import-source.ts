import { readFile, stat } from 'node:fs/promises';
import { UserError } from '../contracts/errors.js';
import { LIMITS } from '../contracts/limits.js';

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
    if (!info.isFile()) throw new UserError(`${value} is not a file.`);
    if (info.size > LIMITS.uploadBytes) throw new UserError(`${value} is larger than an export can be (10 MiB).`);
    return await readFile(value, 'utf8');
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(`Cannot read ${value}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`);
  }
}

async function fetchAttachment(value: string, origins: readonly string[]): Promise<string> {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !origins.includes(url.origin)) throw new UserError('Import takes a file attached in Discord, not a link to elsewhere.');
  // A redirect or a network failure is Discord's CDN not handing the file over, like a 404.
  const response = await fetch(url, { redirect: 'error' }).catch(() => undefined);
  if (!response) throw new UserError('Discord did not hand over the attachment (it could not be fetched); try attaching it again.');
  if (!response.ok) throw new UserError(`Discord did not hand over the attachment (HTTP ${response.status}); try attaching it again.`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > LIMITS.uploadBytes) throw new UserError('That file is larger than an export can be (10 MiB).');
  const text = await response.text();
  if (text.length > LIMITS.uploadBytes) throw new UserError('That file is larger than an export can be (10 MiB).');
  return text;
}
