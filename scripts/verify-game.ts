import { readFileSync } from 'node:fs';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import { GameRegistry } from '../src/games/registry.js';
import { parseExport } from '../src/session/export-format.js';
import { verifyExport } from '../src/session/verify-export.js';

/**
 * `npm run verify -- game.json`: check a finished game's dice from its `/game export` file.
 * Exit code 0 when every roll and the final position replay exactly, 1 otherwise.
 */
const path = process.argv[2];
if (!path) {
  console.error('Usage: npm run verify -- <file from /game export>');
  process.exit(2);
}
try {
  const result = verifyExport(parseExport(readFileSync(path, 'utf8')), new GameRegistry(INSTALLED_GAMES, process.env));
  if (result.ok)
    console.log(
      `Verified: the seed matches its published sha256; ${result.actions} orders replayed, ${result.diceChecked} dice rolled exactly as logged, same final position.`,
    );
  else console.log(`NOT verified:\n${result.problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(result.ok ? 0 : 1);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
