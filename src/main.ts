import 'dotenv/config';
import { runConsole } from './console/main.js';
import { runDiscordBot } from './discord/main.js';

/**
 * `npm start`: the Discord bot when DISCORD_TOKEN is set, otherwise the local console.
 */
async function main(): Promise<void> {
  if (!process.env.DISCORD_TOKEN) {
    console.log('No DISCORD_TOKEN set: opening the local console instead of connecting to Discord.');
    await runConsole(process.argv.slice(2));
    return;
  }
  await runDiscordBot();
}

main().catch((err: unknown) => {
  // The message only: a start-up error must not print the environment or the token.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
