import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { UserError } from '../src/contracts/errors.js';
import type { CommandContext, CommandModule } from '../src/dispatch/command.js';
import { hexIdOption, parseOptions } from '../src/dispatch/options.js';
import { offer } from '../src/games/orders.js';
import type { GameRegistry } from '../src/games/registry.js';
import { loadMap } from '../src/maps/game-map.js';
import { mapImage } from '../src/session/map-image.js';
import { describeHex, describeHexNow, printedScene } from '../src/session/map-views.js';
import { sceneFor } from '../src/session/sight.js';

const builder = (games: GameRegistry) =>
  new SlashCommandBuilder()
    .setName('hex')
    .setDescription('Look up one hex: terrain, rivers, town, control, with a close-up map')
    .addStringOption((o) => o.setName('id').setDescription('Hex number XXYY, e.g. 1019').setRequired(true).setMinLength(4).setMaxLength(4))
    .addStringOption((o) =>
      o
        .setName('game')
        .setDescription(`Which game map (default: the channel game, else ${games.all()[0]?.name ?? 'the first game'})`)
        .setAutocomplete(true)
        .setMaxLength(60),
    );

const optionsSchema = z.object({
  id: hexIdOption,
  game: z.string().trim().min(1).max(60).optional(),
});

async function execute(ctx: CommandContext): Promise<void> {
  const { id, game } = parseOptions(ctx.invocation, optionsSchema);
  const { games, sessions } = ctx.services;
  // The channel's game's map unless another is asked for; without a game, the first installed.
  const channelGame = game ? undefined : await sessions.current(ctx.invocation.channelId).catch(() => undefined);
  const def = game ? games.require(game) : (channelGame?.def ?? games.all()[0]!);
  const map = loadMap(def.mapFile);
  if (!map.has(id)) {
    throw new UserError(
      `There is no hex ${id} on the ${map.data.title} map (columns ${fmt(map.data.grid.columns)}, rows ${fmt(map.data.grid.rows)}).`,
    );
  }
  // The channel's game as it stands now (units, control); the printed map at the start of play otherwise.
  const live = channelGame && channelGame.def === def ? channelGame : undefined;
  // A reply to the channel: stacks as everyone there may see them (fog of war).
  const scene = live ? sceneFor(live) : printedScene(map, def);
  scene.highlights = { selected: [id] };
  if (!live) scene.panel = { title: map.data.title, lines: [`Hex ${id}${map.hex(id)!.place ? ` - ${map.hex(id)!.place!.name}` : ''}`] };
  const file = await mapImage(map, scene, { kind: 'zoom', center: id }, `hex-${id}`);
  const printed = describeHex(map, id);
  const content = live
    ? `${printed}\n${describeHexNow(map, scene, id)}`
    : `${printed}\n(The map at the start of play: in a channel with a game, /hex shows its units and control now.)`;
  await ctx.reply({ content, files: [file] });
}

function fmt([a, b]: readonly [number, number]): string {
  return `${String(a).padStart(2, '0')}-${String(b).padStart(2, '0')}`;
}

/** /hex: one hex of a game's map, in words and a close-up. */
export function hexCommand(games: GameRegistry): CommandModule {
  return {
    data: builder(games),
    execute,
    // Autocomplete rather than fixed choices for game:, so any number of installed games fits.
    autocomplete: async ({ services, focused }) =>
      offer(
        services.games.all().map((g) => ({ name: g.name, value: g.id })),
        focused.value,
      ),
  };
}
