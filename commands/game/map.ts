import { z } from 'zod';
import { UserError } from '../../src/contracts/errors.js';
import { fitText } from '../../src/contracts/limits.js';
import type { SideId, View } from '../../src/contracts/scene.js';
import type { CommandContext } from '../../src/dispatch/command.js';
import { parseOptions } from '../../src/dispatch/options.js';
import type { GameRegistry } from '../../src/games/registry.js';
import { parseHexId } from '../../src/kernel/hex.js';
import { loadMap } from '../../src/maps/game-map.js';
import type { GameView } from '../../src/session/game-sessions.js';
import { mapImage } from '../../src/session/map-image.js';
import { printedScene, reachImage } from '../../src/session/map-views.js';
import { statusText } from '../../src/session/present.js';
import { frame, MAX_ZOOM_RADIUS } from '../../src/session/replies.js';
import { channelSides, hiddenFrom, privateViewRefusal, sceneFor, sideWord } from '../../src/session/sight.js';
import { withImage } from './picture.js';
import type { GameSubcommand } from './subcommand.js';

const mapOptions = z.object({
  game: z.string().trim().min(1).max(60).optional(),
  center: z.string().trim().min(1).max(40).optional(),
  radius: z.number().int().min(2).max(MAX_ZOOM_RADIUS).optional(),
  reach: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'reach: takes a hex as XXYY')
    .optional(),
  private: z.boolean().default(false),
});
type MapOptions = z.infer<typeof mapOptions>;

/** /game map: the channel's game (whole, a close-up, where a force can reach), or a game's printed map. */
export function mapSubcommand(games: GameRegistry): GameSubcommand {
  return {
    name: 'map',
    build: (s) =>
      s
        .setDescription('The map: this channel’s game (whole, or around a hex or an army), or a game’s printed map')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription(`Which game map (default: the channel game, else ${games.all()[0]?.name ?? 'the first game'})`)
            .setAutocomplete(true)
            .setMaxLength(60),
        )
        .addStringOption((o) =>
          o
            .setName('center')
            .setDescription('A close-up of the channel game: around hex XXYY, or an army/sector such as PG3')
            .setAutocomplete(true)
            .setMaxLength(40),
        )
        .addIntegerOption((o) =>
          o
            .setName('radius')
            .setDescription('How many hexes each way around center: (2 to 10)')
            .setMinValue(2)
            .setMaxValue(MAX_ZOOM_RADIUS),
        )
        .addStringOption((o) =>
          o
            .setName('reach')
            .setDescription('Where the force in hex XXYY can move now, with the MP each hex costs')
            .setMinLength(4)
            .setMaxLength(4),
        )
        .addBooleanOption((o) =>
          o.setName('private').setDescription('Only you see it, with your own stacks in full (fog of war: Drive on Moscow 11.6)'),
        ),
    run: showMap,
  };
}

async function showMap(ctx: CommandContext): Promise<void> {
  const o = parseOptions(ctx.invocation, mapOptions);
  const view = await ctx.services.sessions.current(ctx.invocation.channelId);
  const user = ctx.invocation.user.id;
  const channelGame = view && (o.game === undefined || o.game === view.def.id) ? view : undefined;
  // private: the asker's own stacks in full, which nobody else may see (fog of war).
  if (o.private) {
    if (!channelGame) throw new UserError('private: shows this channel’s game as you see it; there is none here (/game new starts one).');
    const refusal = privateViewRefusal(channelGame, user);
    if (refusal) throw new UserError(refusal);
  }
  if (o.reach !== undefined) return showReach(ctx, channelGame, o.reach, o.private);
  if (o.center !== undefined || o.radius !== undefined) return showCloseUp(ctx, channelGame, o);
  await ctx.defer?.(o.private);
  if (channelGame) {
    await ctx.reply({
      ...(await withImage({ content: fitText(statusText(channelGame)) }, channelGame, 'full', o.private ? user : undefined)),
      ...(o.private ? { ephemeral: true } : {}),
    });
    return;
  }
  const def = o.game ? ctx.services.games.require(o.game) : ctx.services.games.all()[0]!;
  const map = loadMap(def.mapFile);
  const file = await mapImage(map, printedScene(map, def), { kind: 'full' }, `${def.id}-map`);
  await ctx.reply({ content: `**${map.data.title}**: the full map. ${map.data.source}`, files: [file] });
}

/** reach: where the force in a hex can move now, with what each hex costs. */
async function showReach(ctx: CommandContext, channelGame: GameView | undefined, reach: string, own: boolean): Promise<void> {
  if (!channelGame)
    throw new UserError('reach: shows where a force of this channel’s game can move; there is none here (/game new starts one).');
  const user = ctx.invocation.user.id;
  // 11.6: the moving side's stack, named in full, is for its own players when the channel may not see it.
  const moving = channelGame.prompt.side;
  if (hiddenFrom(channelGame, user, moving))
    throw new UserError(`11.6 Fog of war: only the ${sideWord(moving!)} side may look at where its stacks can go.`);
  const hidden = moving !== undefined && channelSides(channelGame)?.includes(moving as SideId) === false;
  await ctx.defer?.(hidden || own);
  const { file, text } = await reachImage(channelGame, reach, hidden || own ? user : undefined);
  await ctx.reply({ content: fitText(text), files: [file], ...(hidden || own ? { ephemeral: true } : {}) });
}

/** center: and radius: a close-up of the channel's game. */
async function showCloseUp(ctx: CommandContext, channelGame: GameView | undefined, o: MapOptions): Promise<void> {
  if (!channelGame)
    throw new UserError('center: and radius: show a close-up of this channel’s game; there is none here (/game new starts one).');
  const close = closeUp(channelGame, o.center, o.radius);
  await ctx.defer?.(o.private);
  const file = await mapImage(
    loadMap(channelGame.def.mapFile),
    sceneFor(channelGame, [], o.private ? ctx.invocation.user.id : undefined),
    close.view,
    `${channelGame.def.id}-${channelGame.doc.id}-v${channelGame.doc.version}-${close.name}${o.private ? '-own' : ''}`,
  );
  await ctx.reply({
    content: fitText(`${close.text}\n${statusText(channelGame)}`),
    files: [file],
    ...(o.private ? { ephemeral: true } : {}),
  });
}

/**
 * What a close-up shows: hex XXYY (with `radius`), or an army's units (the game's `hexesOf`)
 * or a map sector, framed whole. Anything else is refused with what center: takes.
 */
function closeUp(view: GameView, center: string | undefined, radius: number | undefined): { view: View; text: string; name: string } {
  const map = loadMap(view.def.mapFile);
  const at = center ?? view.def.zoomHexes?.([], view.doc.state)[0];
  if (at === undefined) throw new UserError('Say where: center:XXYY (a hex) or an army such as PG3.');
  const hex = parseHexId(at.trim()) ? at.trim() : undefined;
  if (hex) {
    if (!map.has(hex)) throw new UserError(`There is no hex ${hex} on the ${map.data.title} map.`);
    return { view: { kind: 'zoom', center: hex, ...(radius ? { radius } : {}) }, text: `Around hex ${hex}:`, name: hex };
  }
  const key = at.toLowerCase().replace(/[^a-z0-9]/g, '');
  const norm = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, '');
  const formation = view.def.formations?.find((f) => norm(f.id) === key || norm(f.name) === key);
  const sector = map.data.sectors.find((x) => norm(x.id) === key || norm(x.name) === key);
  const hexes =
    (formation && view.def.hexesOf?.(view.doc.state, formation.id)) ||
    (sector ? map.ids.filter((id) => map.hex(id)!.sector === sector.id) : []);
  if (!hexes.length) {
    const names = [...(view.def.formations ?? []).map((f) => f.id), ...map.data.sectors.map((x) => x.id)];
    throw new UserError(`center: takes a hex XXYY${names.length ? ` or one of ${[...new Set(names)].join(', ')}` : ''}, not "${at}".`);
  }
  const framed = frame(map, hexes);
  const name = formation?.name ?? sector!.name;
  return {
    view: { kind: 'zoom', center: framed.center, radius: radius ?? framed.radius },
    text: `${name}: ${formation && view.def.hexesOf ? `its units in ${hexes.length} hexes` : 'its sector'}.`,
    name: norm(formation?.id ?? sector!.id),
  };
}
