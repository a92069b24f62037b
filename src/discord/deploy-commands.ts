import { REST, Routes } from 'discord.js';
import { buildCommands } from '../../commands/index.js';
import type { GameRegistry } from '../games/registry.js';

export interface DeployResult {
  scope: string;
  names: string[];
}

/**
 * Register every slash command with Discord: in one guild (instant, for testing a bot) or
 * globally (may take up to an hour to appear everywhere). PUT replaces the whole set, so
 * a removed command disappears too.
 */
export async function deployCommands(options: {
  token: string;
  games: GameRegistry;
  guildId?: string;
  apiUrl?: string;
}): Promise<DeployResult> {
  const rest = new REST(options.apiUrl ? { api: options.apiUrl } : {}).setToken(options.token);
  const app = (await rest.get(Routes.currentApplication())) as { id: string };
  const body = [...buildCommands(options.games).values()].map((c) => c.data.toJSON());
  const route = options.guildId ? Routes.applicationGuildCommands(app.id, options.guildId) : Routes.applicationCommands(app.id);
  const deployed = (await rest.put(route, { body })) as { name: string }[];
  return { scope: options.guildId ? `guild ${options.guildId}` : 'global', names: deployed.map((c) => c.name) };
}
