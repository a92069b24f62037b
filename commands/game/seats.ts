import { z } from 'zod';
import { UserError } from '../../src/contracts/errors.js';
import { plural } from '../../src/contracts/text.js';
import { parseOptions } from '../../src/dispatch/options.js';
import { SEATS } from '../../src/session/permissions.js';
import { gameModes } from '../../src/store/game-document.js';
import type { GameSubcommand } from './subcommand.js';

/** Who plays: /game join, mode, leave and remove. */

const joinOptions = z.object({
  seat: z.string().trim().toLowerCase().min(1).max(40).optional(),
  army: z.string().trim().min(1).max(100).optional(),
});
const modeOptions = z.object({ mode: z.enum(gameModes), 'shared-seats': z.boolean().optional() });
const removeOptions = z.object({ player: z.string().trim().min(1).max(40) });

export const joinSubcommand: GameSubcommand = {
  name: 'join',
  build: (s) =>
    s
      .setDescription('Take a seat in this channel’s team or vote game')
      .addStringOption((o) =>
        o
          .setName('seat')
          .setDescription('Side you play (default: the side nobody holds); in team play one member a seat')
          .addChoices(...SEATS.map((s) => ({ name: s, value: s }))),
      )
      .addStringOption((o) =>
        o.setName('army').setDescription('Team play: the formations you command, e.g. "PG3, 9A"').setMaxLength(100).setAutocomplete(true),
      ),
  async run(ctx) {
    const { seat, army } = parseOptions(ctx.invocation, joinOptions);
    const armies = army
      ?.split(',')
      .map((a) => a.trim())
      .filter((a) => a.length > 0);
    const doc = await ctx.services.sessions.join(ctx.invocation.channelId, ctx.invocation.user, seat, armies);
    await ctx.reply({
      content: `${doc.events.at(-1)!.text} Players: ${doc.players.map((p) => `${p.name ?? p.id}${p.formations?.length ? ` (${p.formations.join(', ')})` : ''}`).join(', ')}.`,
    });
  },
};

export const modeSubcommand: GameSubcommand = {
  name: 'mode',
  build: (s) =>
    s
      .setDescription('The creator changes how the game is played')
      .addStringOption((o) =>
        o
          .setName('mode')
          .setDescription('solo: one commander; team: players command formations; vote: the channel votes')
          .setRequired(true)
          .addChoices(...gameModes.map((m) => ({ name: m, value: m }))),
      )
      .addBooleanOption((o) => o.setName('shared-seats').setDescription('Team play: may several members hold one seat? (default: no)')),
  async run(ctx) {
    const { mode, 'shared-seats': shared } = parseOptions(ctx.invocation, modeOptions);
    const doc = await ctx.services.sessions.configure(ctx.invocation.channelId, ctx.invocation.user, {
      mode,
      ...(shared === undefined ? {} : { settings: { sharedSeats: shared } }),
    });
    const how =
      mode === 'solo'
        ? 'only the creator gives orders'
        : mode === 'team'
          ? 'players /game join, with army:... to command formations'
          : 'members /game join, propose orders with the usual commands and vote on them (/vote help)';
    // Out of vote mode, an open ballot must not carry out its winner later: the save closed it.
    const cancelled = doc.ballotClosed === true;
    if (mode !== 'vote') ctx.services.votes.forget(doc.id);
    await ctx.reply({
      content: `Game \`${doc.id}\` is now played in **${mode}** mode: ${how}.${cancelled ? ' The open ballot is cancelled.' : ''}`,
    });
  },
};

export const leaveSubcommand: GameSubcommand = {
  name: 'leave',
  build: (s) => s.setDescription('Give up your seat in this channel’s game'),
  async run(ctx) {
    const doc = await ctx.services.sessions.leave(ctx.invocation.channelId, ctx.invocation.user);
    const dropped = await ctx.services.votes.dropMember(doc, ctx.invocation.user.id);
    await ctx.reply({ content: `${ctx.invocation.user.name} leaves game \`${doc.id}\`.${droppedText(dropped)}` });
  },
};

export const removeSubcommand: GameSubcommand = {
  name: 'remove',
  build: (s) =>
    s
      .setDescription('The creator takes a player out of the game (their seat is free again)')
      .addStringOption((o) =>
        o
          .setName('player')
          .setDescription('The player, as /game status lists them')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(40),
      ),
  async run(ctx) {
    const { player } = parseOptions(ctx.invocation, removeOptions);
    const view = await ctx.services.sessions.require(ctx.invocation.channelId);
    // By id (autocomplete's value) or by the name /game status shows.
    const found =
      view.doc.players.find((p) => p.id === player) ?? view.doc.players.find((p) => (p.name ?? '').toLowerCase() === player.toLowerCase());
    if (!found) throw new UserError(`${player} is not playing in this game. /game status lists the players.`);
    const doc = await ctx.services.sessions.remove(ctx.invocation.channelId, ctx.invocation.user, found.id);
    const dropped = await ctx.services.votes.dropMember(doc, found.id);
    await ctx.reply({ content: `${doc.events.at(-1)!.text}${droppedText(dropped)}` });
  },
};

/** What leaving did to the open ballot. */
function droppedText(dropped: { votes: number; proposals: number }): string {
  if (!dropped.votes && !dropped.proposals) return '';
  const parts = [dropped.votes ? plural(dropped.votes, 'vote') : '', dropped.proposals ? plural(dropped.proposals, 'proposal') : ''];
  return ` Their ${parts.filter(Boolean).join(' and ')} on the open ballot no longer count.`;
}
