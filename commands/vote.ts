import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import type { ButtonContext, CommandContext, CommandModule } from '../src/dispatch/command.js';
import { parseOptions } from '../src/dispatch/options.js';
import { tieBreaks } from '../src/votes/ballot.js';
import { VOTE_LIMITS, type VoteSettings, voteSettings } from '../src/votes/vote-settings.js';

const data = new SlashCommandBuilder()
  .setName('vote')
  .setDescription('Vote play: the channel proposes and votes on the German orders')
  .addSubcommand((s) => s.setName('status').setDescription('The open ballot, its tally and its buttons'))
  .addSubcommand((s) =>
    s
      .setName('settings')
      .setDescription('The settings of ballots; the creator changes them (no options: show them)')
      .addIntegerOption((o) =>
        o
          .setName('window')
          .setDescription('Seconds a ballot stays open (15 to 86400; default 120)')
          .setMinValue(VOTE_LIMITS.minWindowS)
          .setMaxValue(VOTE_LIMITS.maxWindowS),
      )
      .addIntegerOption((o) =>
        o
          .setName('quick_window')
          .setDescription('Seconds for fight-on-or-retreat ballots (default 30)')
          .setMinValue(VOTE_LIMITS.minWindowS)
          .setMaxValue(VOTE_LIMITS.maxWindowS),
      )
      .addIntegerOption((o) => o.setName('quorum').setDescription('Votes needed for a result (default 1)').setMinValue(1).setMaxValue(100))
      .addStringOption((o) =>
        o
          .setName('tiebreak')
          .setDescription('How a tie is broken (default earliest)')
          .addChoices(...tieBreaks.map((t) => ({ name: t, value: t }))),
      )
      .addStringOption((o) =>
        o
          .setName('quick_default')
          .setDescription('What happens when nobody votes on fight on or retreat (default retreat)')
          .addChoices({ name: 'retreat', value: 'retreat' }, { name: 'another round', value: 'another-round' }),
      )
      .addRoleOption((o) => o.setName('role').setDescription('Only members with this role may propose and vote'))
      .addIntegerOption((o) =>
        o.setName('per_member').setDescription('Proposals per member on one ballot (default 3)').setMinValue(1).setMaxValue(10),
      ),
  )
  .addSubcommand((s) => s.setName('pause').setDescription('The creator stops the ballot clock'))
  .addSubcommand((s) => s.setName('resume').setDescription('The creator restarts the ballot clock'))
  .addSubcommand((s) =>
    s
      .setName('override')
      .setDescription('The creator decides the open ballot now (logged)')
      .addIntegerOption((o) =>
        o.setName('proposal').setDescription('The proposal number').setRequired(true).setMinValue(1).setMaxValue(25),
      ),
  )
  .addSubcommand((s) => s.setName('help').setDescription('How vote play works'));

const settingsOptions = z.object({
  window: z.number().int().min(VOTE_LIMITS.minWindowS).max(VOTE_LIMITS.maxWindowS).optional(),
  quick_window: z.number().int().min(VOTE_LIMITS.minWindowS).max(VOTE_LIMITS.maxWindowS).optional(),
  quorum: z.number().int().min(1).max(100).optional(),
  tiebreak: z.enum(tieBreaks).optional(),
  quick_default: z.enum(['retreat', 'another-round']).optional(),
  role: z
    .string()
    .regex(/^\d{5,20}$/, 'a role')
    .optional(),
  per_member: z.number().int().min(1).max(10).optional(),
});
const overrideOptions = z.object({ proposal: z.number().int().min(1).max(25) });

const HELP = [
  '**Vote play** (`/game new mode:vote`, or `/game mode mode:vote`): members `/game join`, then propose German orders with the usual commands (`/move`, `/air`, `/phase end`, the buttons); each proposal is drawn on the map and listed on the ballot with a button.',
  'A whole plan is one proposal: `/orders give` with the orders one per line (or separated by ;), drawn as one picture; the winning plan runs in order, its battles on quick ballots unless it says `battles: retreat after round 2`.',
  'One vote per member (click another button to change it). The ballot closes at an absolute majority of the voters or when its time is up; the winner is carried out as an order. Fight-on-or-retreat decisions get short ballots with a default.',
  '`/vote status` · `/vote settings window: quorum: tiebreak:earliest|random|creator quick_default: role: per_member:` · `/vote pause` · `/vote resume` · `/vote override proposal:N` (creator; logged).',
].join('\n');

/** The vote settings as they stand, with the command that changes each. */
export function settingsText(v: VoteSettings, mode: string): string {
  return [
    `**Vote settings**${mode === 'vote' ? '' : ' (used once the game is in vote mode: /game mode mode:vote)'}:`,
    `window ${v.window} s · quick_window ${v.quickWindow} s · quorum ${v.quorum} · tiebreak ${v.tiebreak} · quick_default ${v.quickDefault} · per_member ${v.perMember} · role ${v.role ? `<@&${v.role}>` : 'anyone who joined'}${v.paused ? ' · **paused**' : ''}`,
    'Ending the turn always needs a majority of the members. The creator changes a setting with /vote settings <name>:<value>.',
  ].join('\n');
}

async function execute(ctx: CommandContext): Promise<void> {
  const { channelId, user, subcommand } = ctx.invocation;
  switch (subcommand) {
    case 'status':
      await ctx.reply(await ctx.services.votes.status(channelId));
      return;
    case 'settings': {
      const o = parseOptions(ctx.invocation, settingsOptions);
      const change: Record<string, string | number> = {};
      if (o.window !== undefined) change['vote.window'] = o.window;
      if (o.quick_window !== undefined) change['vote.quickWindow'] = o.quick_window;
      if (o.quorum !== undefined) change['vote.quorum'] = o.quorum;
      if (o.tiebreak !== undefined) change['vote.tiebreak'] = o.tiebreak;
      if (o.quick_default !== undefined) change['vote.quickDefault'] = o.quick_default;
      if (o.role !== undefined) change['vote.role'] = o.role;
      if (o.per_member !== undefined) change['vote.perMember'] = o.per_member;
      // Without options: what the settings are now (anyone may look).
      if (Object.keys(change).length === 0) {
        const view = await ctx.services.sessions.require(channelId);
        await ctx.reply({ content: settingsText(voteSettings(view.doc), view.doc.mode), ephemeral: true });
        return;
      }
      const doc = await ctx.services.sessions.configure(channelId, user, { settings: change });
      await ctx.reply({ content: `${doc.events.at(-1)!.text} New ballots use these settings.` });
      return;
    }
    case 'pause':
    case 'resume':
      await ctx.reply(await ctx.services.votes.pause(channelId, user, subcommand === 'pause'));
      return;
    case 'override': {
      const { proposal } = parseOptions(ctx.invocation, overrideOptions);
      await ctx.defer?.();
      await ctx.reply(await ctx.services.votes.override(channelId, user, proposal));
      return;
    }
    default:
      await ctx.reply({ content: HELP, ephemeral: true });
  }
}

/**
 * Vote buttons: `vote:<gameId>:<version>:<proposal>`. The ballot message pressed shows the
 * tally as it now stands (edited in place); the voter hears privately what their vote did.
 */
async function onButton(ctx: ButtonContext): Promise<void> {
  const answer = await ctx.services.votes.vote(ctx.press.channelId, ctx.press.user, ctx.press.customId);
  const version = /^vote:[a-z0-9]{8}:(\d{1,9}):/.exec(ctx.press.customId)?.[1];
  const tally = answer.ephemeral && version ? await ctx.services.votes.tally(ctx.press.channelId, Number(version)) : undefined;
  if (tally) await ctx.reply({ ...tally, replace: true });
  await ctx.reply(answer);
}

/** /vote: the open ballot and its settings, and the buttons voters press. */
export function voteCommand(): CommandModule {
  return { data, execute, onButton };
}
