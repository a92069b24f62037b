import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConsoleSession } from './console-session.js';

/**
 * `npm run local [-- --script FILE] [--out DIR]`: play from the terminal with the same
 * slash commands as in Discord. Images are written to the out folder.
 */
export async function runConsole(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { script: { type: 'string' }, out: { type: 'string', default: 'out' } },
  });
  const session = new ConsoleSession({ outDir: values.out!, print: (t) => console.log(t) });
  if (values.script) {
    for (const line of readFileSync(values.script, 'utf8').split('\n')) {
      if (line.trim() && !line.trim().startsWith('#')) console.log(`> ${line.trim()}`);
      await session.run(line);
    }
    return;
  }
  console.log('Moscow wargames console. Type slash commands such as /hex id:1019 or /game map; Ctrl-D quits.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' });
  rl.prompt();
  for await (const line of rl) {
    await session.run(line);
    rl.prompt();
  }
}
