import 'dotenv/config';
import { readDiscordEnv } from '../src/discord/config.js';
import { deployCommands } from '../src/discord/deploy-commands.js';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import { GameRegistry } from '../src/games/registry.js';

/** `npm run deploy-commands`: to DISCORD_GUILD_ID when set, otherwise globally. */
try {
  const env = readDiscordEnv();
  const result = await deployCommands({
    token: env.DISCORD_TOKEN,
    games: new GameRegistry(INSTALLED_GAMES, process.env),
    guildId: env.DISCORD_GUILD_ID,
    apiUrl: env.DISCORD_API_URL,
  });
  console.log(`Deployed ${result.names.length} commands (${result.scope}): ${result.names.map((n) => `/${n}`).join(' ')}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
