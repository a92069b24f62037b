import { z } from 'zod';
import { fitText } from '../../src/contracts/limits.js';
import { parseOptions } from '../../src/dispatch/options.js';
import type { GameRegistry } from '../../src/games/registry.js';
import type { GameView } from '../../src/session/game-sessions.js';
import type { GameSubcommand } from './subcommand.js';

const helpOptions = z.object({
  game: z.string().trim().min(1).max(60).optional(),
  topic: z.string().trim().toLowerCase().min(1).max(40).optional(),
});

/** /game help: how games work here, a game's commands, or one of its guided walks. */
export const helpSubcommand: GameSubcommand = {
  name: 'help',
  build: (s) =>
    s
      .setDescription('How games work here, and a game’s commands')
      .addStringOption((o) =>
        o
          .setName('game')
          .setDescription('The game whose commands to list (default: this channel’s)')
          .setAutocomplete(true)
          .setMaxLength(60),
      )
      .addStringOption((o) =>
        o
          .setName('topic')
          .setDescription('A guided walk through the game, step by step, e.g. first-turn')
          .setAutocomplete(true)
          .setMaxLength(40),
      ),
  async run(ctx) {
    const { game, topic } = parseOptions(ctx.invocation, helpOptions);
    const channelGame = game ? undefined : await ctx.services.sessions.current(ctx.invocation.channelId).catch(() => undefined);
    const def = game ? ctx.services.games.require(game) : channelGame?.def;
    if (topic) {
      await ctx.reply({ content: fitText(guideText(ctx.services.games, def, topic), '(more: /game help)'), ephemeral: true });
      return;
    }
    const games = ctx.services.games.all().map((g) => `• \`${g.id}\`: ${g.name}${g.summary ? `: ${g.summary}` : ''}`);
    const guides = (def ? [def] : ctx.services.games.all()).flatMap((g) =>
      (g.guides ?? []).map((x) => `\`/game help${def ? '' : ` game:${g.id}`} topic:${x.id}\`: ${x.title}`),
    );
    const orders = def
      ? [`**${def.name}** commands:`, ...def.orders.map((o) => `\`${o.usage}\`: ${o.description}`)]
      : ['`/game help game:<id>` lists a game’s commands.'];
    const content = [
      '**Games here**: one game per channel. The bot rolls every die in the open and saves after every order.',
      '`/game new game:<id>` starts one (mode: solo, team or vote). Then press the buttons (**Move…** picks a stack and a hex from menus) or type the game commands.',
      '`/game status` (a card with Refresh) · `/game map` · `/game log` to follow; `/game join` / `/game leave` for team games.',
      ...(guides.length ? [`New here? ${guides.join(' · ')}`] : []),
      '`/game undo` takes back the last order unless dice were rolled. `/game end`: the creator or a channel manager.',
      '`/orders give text:"move force:1413 to:1611; move ..."` (or a file) gives many orders at once: checked, drawn, then carried out with a button.',
      '`/game export` / `/game import` share a game as JSON; the dice seed is revealed once the game is over.',
      '`/game list` shows this channel’s games.',
      games.length ? `Installed games:\n${games.join('\n')}` : 'No game is installed yet.',
      ...orders,
    ].join('\n');
    await ctx.reply({ content: fitText(content), ephemeral: true });
  },
};

/**
 * A guided walk (`/game help topic:`): of the channel's game (or `game:`), or, without one, of
 * the only game that has it. An unknown topic is answered with the topics there are.
 */
function guideText(games: GameRegistry, def: GameView['def'] | undefined, topic: string): string {
  const owners = def ? [def] : games.all();
  const found = owners.flatMap((g) => (g.guides ?? []).filter((x) => x.id === topic).map((x) => ({ g, x })));
  if (found.length === 1) return found[0]!.x.text;
  if (found.length > 1)
    return `Several games have topic:${topic}: ${found.map(({ g }) => `/game help game:${g.id} topic:${topic}`).join(' or ')}.`;
  const known = owners.flatMap((g) => (g.guides ?? []).map((x) => `${x.id}${def ? '' : ` (game:${g.id})`}`));
  return `There is no help topic "${topic}"${def ? ` for ${def.name}` : ''}. ${known.length ? `Topics: ${known.join(', ')}.` : 'This game has no guided topics yet; /game help lists its commands.'}`;
}
