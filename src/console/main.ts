import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { closeRenderPool } from '../render/render-pool.js';
import { closeGameWork } from '../session/game-work.js';
import { CONSOLE_HELP, ConsoleSession } from './console-session.js';

/**
 * `npm run local [-- --script FILE] [--out DIR] [--data FILE]`: play from the terminal with
 * the same slash commands as in Discord. Images are written to the out folder; games are
 * kept in a SQLite file (default `<out>/console.sqlite`) so they survive a restart.
 */
export async function runConsole(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { script: { type: 'string' }, out: { type: 'string', default: 'out' }, data: { type: 'string' } },
  });
  const session = new ConsoleSession({ outDir: values.out!, dataFile: values.data, print: (t) => console.log(t) });
  try {
    if (values.script) {
      for (const line of readFileSync(values.script, 'utf8').split('\n')) {
        if (line.trim() && !line.trim().startsWith('#')) console.log(`> ${line.trim()}`);
        await session.run(line);
      }
      return;
    }
    console.log(CONSOLE_HELP);
    const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' });
    rl.prompt();
    for await (const line of rl) {
      // One failed command must not close the console; the error was already reported.
      await session.run(line).catch((err: unknown) => console.error(err));
      rl.prompt();
    }
  } finally {
    await session.close();
    await closeRenderPool();
    await closeGameWork();
  }
}
