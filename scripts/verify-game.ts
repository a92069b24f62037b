import { readFileSync } from 'node:fs';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import { GameRegistry } from '../src/games/registry.js';
import { parseExport } from '../src/session/export-format.js';
import { verifyExport } from '../src/session/verify-export.js';

/**
 * `npm run verify -- game.json`: check a finished game's dice from its `/game export` file:
 * the revealed seed (and nonce, and any dice secret drawn at an import) against the
 * commitments published, the log's consistency, every roll and the final position (the
 * same check `/game import` runs, src/session/verify-export.ts).
 * Exit code 0 when all of it holds, 1 otherwise.
 */
const path = process.argv[2];
if (!path) {
  console.error('Usage: npm run verify -- <file from /game export>');
  process.exit(2);
}
try {
  const file = parseExport(readFileSync(path, 'utf8'));
  const result = verifyExport(file, new GameRegistry(INSTALLED_GAMES, process.env));
  const later = file.game.reseeds?.length ?? 0;
  const commitments =
    (file.game.seedNonce === undefined ? 'the seed matches its published sha256' : 'the seed and nonce match the published commitment') +
    (later
      ? ` (and the ${later === 1 ? 'new dice secret drawn at the import matches its own' : `${later} new dice secrets drawn at imports match theirs`})`
      : '');
  if (result.ok)
    console.log(
      `Verified: ${commitments}; ${result.actions} orders replayed, ${result.diceChecked} dice rolled exactly as logged, same final position.`,
    );
  else console.log(`NOT verified:\n${result.problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(result.ok ? 0 : 1);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
