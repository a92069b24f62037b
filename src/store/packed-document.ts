import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * Stored games are compressed: a game's log repeats the same keys and phrases hundreds of
 * times, so Brotli shrinks a finished game about tenfold (see docs/performance.md). The
 * prefix marks the format, so plain JSON written by earlier versions still loads.
 */
const PREFIX = 'br1:';

export function packDocument(json: string): string {
  const packed = brotliCompressSync(Buffer.from(json, 'utf8'), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return PREFIX + packed.toString('base64');
}

/** The JSON text of a stored game, packed or not; throws on a damaged packing. */
export function unpackDocument(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  return brotliDecompressSync(Buffer.from(stored.slice(PREFIX.length), 'base64')).toString('utf8');
}
