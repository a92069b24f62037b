import 'dotenv/config';
import { runConsole } from './console/main.js';

/**
 * `npm start`: the Discord bot when DISCORD_TOKEN is set, otherwise the local console.
 */
async function main(): Promise<void> {
  if (!process.env.DISCORD_TOKEN) {
    console.log('No DISCORD_TOKEN set: opening the local console instead of connecting to Discord.');
    await runConsole(process.argv.slice(2));
    return;
  }
  console.error('DISCORD_TOKEN is set, but the Discord connection is not built yet: unset it to use the local console.');
  process.exit(2);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
