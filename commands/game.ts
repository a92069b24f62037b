import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { UserError, type CommandContext } from '../src/app/command.js';
import { DEFAULT_GAME, GAMES, GAME_IDS } from '../src/app/game-catalogue.js';
import { mapImage } from '../src/app/map-image.js';
import { printedScene } from '../src/app/map-views.js';
import { parseOptions } from '../src/app/options.js';
import { loadMap } from '../src/maps/game-map.js';

export const data = new SlashCommandBuilder()
  .setName('game')
  .setDescription('Start, follow and manage the game in this channel')
  .addSubcommand((s) =>
    s
      .setName('map')
      .setDescription('The full map')
      .addStringOption((o) =>
        o
          .setName('game')
          .setDescription('Which game map (default: the channel game, else Operation Typhoon)')
          .addChoices(...GAMES.map((g) => ({ name: g.name, value: g.id }))),
      ),
  );

const mapOptions = z.object({ game: z.enum(GAME_IDS).default(DEFAULT_GAME) });

export async function execute(ctx: CommandContext): Promise<void> {
  switch (ctx.invocation.subcommand) {
    case 'map': {
      const { game } = parseOptions(ctx.invocation, mapOptions);
      const map = loadMap(GAMES.find((g) => g.id === game)!.map);
      const file = await mapImage(map, printedScene(map), { kind: 'full' }, `${game}-map`);
      await ctx.reply({ content: `**${map.data.title}**: the full map. ${map.data.source}`, files: [file] });
      return;
    }
    default:
      throw new UserError(`/game ${ctx.invocation.subcommand ?? ''} is not available yet.`);
  }
}
