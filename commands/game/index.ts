import { SlashCommandBuilder } from 'discord.js';
import { UserError } from '../../src/contracts/errors.js';
import type { ButtonContext, CommandContext, CommandModule } from '../../src/dispatch/command.js';
import type { GameRegistry } from '../../src/games/registry.js';
import { parseChoiceButton, parseLookButton } from '../../src/session/replies.js';
import { isHeldButton, onHeldButton } from '../confirmations.js';
import { isSealedMenuId, onSealedMenu } from '../sealed-menu.js';
import { parseRefreshButton } from '../status-card.js';
import { gameAutocomplete } from './autocomplete.js';
import { onChoiceButton } from './choice-button.js';
import { logSubcommand, statusSubcommand } from './follow.js';
import { helpSubcommand } from './help.js';
import { onLookButton, onRefresh } from './look-buttons.js';
import { mapSubcommand } from './map.js';
import { newGameSubcommand } from './new-game.js';
import { exportSubcommand, importSubcommand, listSubcommand } from './saved-games.js';
import { joinSubcommand, leaveSubcommand, modeSubcommand, removeSubcommand } from './seats.js';
import type { GameSubcommand } from './subcommand.js';
import { endSubcommand, undoSubcommand } from './undo-end.js';

/** /game: start, follow and manage the channel's game, for these games; its subcommands in the order Discord lists them. */
export function gameCommand(games: GameRegistry): CommandModule {
  const subcommands: GameSubcommand[] = [
    newGameSubcommand(games),
    joinSubcommand,
    modeSubcommand,
    leaveSubcommand,
    removeSubcommand,
    statusSubcommand,
    mapSubcommand(games),
    logSubcommand,
    undoSubcommand,
    endSubcommand,
    exportSubcommand,
    importSubcommand,
    listSubcommand,
    helpSubcommand,
  ];
  const data = new SlashCommandBuilder().setName('game').setDescription('Start, follow and manage the game in this channel');
  for (const sub of subcommands) data.addSubcommand((s) => sub.build(s.setName(sub.name)));
  const byName = new Map(subcommands.map((sub) => [sub.name, sub]));
  const execute = async (ctx: CommandContext): Promise<void> => {
    const sub = byName.get(ctx.invocation.subcommand ?? '');
    if (!sub) throw new UserError(`/game ${ctx.invocation.subcommand ?? ''} is not a game command. /game help lists them.`);
    await sub.run(ctx);
  };
  return { data, execute, onButton, autocomplete: gameAutocomplete };
}

/** A press of a button under a game message (`game:<id>:<version>:...`), to whichever kind it is. */
async function onButton(ctx: ButtonContext): Promise<void> {
  if (isHeldButton(ctx.press.customId)) return onHeldButton(ctx);
  if (isSealedMenuId(ctx.press.customId)) return onSealedMenu(ctx);
  const refresh = parseRefreshButton(ctx.press.customId);
  if (refresh) return onRefresh(ctx, refresh.gameId);
  const look = parseLookButton(ctx.press.customId);
  if (look) return onLookButton(ctx, look);
  const choice = parseChoiceButton(ctx.press.customId);
  if (choice) return onChoiceButton(ctx, choice);
  await ctx.reply({ content: 'That button is not one this bot made; nothing was changed.', ephemeral: true });
}
