import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { type CommandContext } from '../src/dispatch/command.js';
import { UserError } from '../src/contracts/errors.js';
import { DEFAULT_GAME, GAME_IDS, GAMES } from '../src/app/game-catalogue.js';
import { mapImage } from '../src/app/map-image.js';
import { describeHex, printedScene } from '../src/app/map-views.js';
import { hexIdOption, parseOptions } from '../src/dispatch/options.js';
import { loadMap } from '../src/maps/game-map.js';

export const data = new SlashCommandBuilder()
  .setName('hex')
  .setDescription('Look up one hex: terrain, rivers, town, control, with a close-up map')
  .addStringOption((o) => o.setName('id').setDescription('Hex number XXYY, e.g. 1019').setRequired(true).setMinLength(4).setMaxLength(4))
  .addStringOption((o) =>
    o
      .setName('game')
      .setDescription('Which game map (default: the channel game, else Operation Typhoon)')
      .addChoices(...GAMES.map((g) => ({ name: g.name, value: g.id }))),
  );

const optionsSchema = z.object({
  id: hexIdOption,
  game: z.enum(GAME_IDS).default(DEFAULT_GAME),
});

export async function execute(ctx: CommandContext): Promise<void> {
  const { id, game } = parseOptions(ctx.invocation, optionsSchema);
  const map = loadMap(GAMES.find((g) => g.id === game)!.map);
  if (!map.has(id)) {
    throw new UserError(
      `There is no hex ${id} on the ${map.data.title} map (columns ${fmt(map.data.grid.columns)}, rows ${fmt(map.data.grid.rows)}).`,
    );
  }
  const scene = printedScene(map);
  scene.highlights = { selected: [id] };
  scene.panel = { title: map.data.title, lines: [`Hex ${id}${map.hex(id)!.place ? ` - ${map.hex(id)!.place!.name}` : ''}`] };
  const file = await mapImage(map, scene, { kind: 'zoom', center: id }, `hex-${id}`);
  await ctx.reply({ content: describeHex(map, id), files: [file] });
}

function fmt([a, b]: readonly [number, number]): string {
  return `${String(a).padStart(2, '0')}-${String(b).padStart(2, '0')}`;
}
