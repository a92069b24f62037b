import { type ChatInputCommandInteraction, Events, GuildMember, type Interaction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/votes/index.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import type { FakeUser } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * The path real servers take: Discord sends the bot's servers with READY (as GUILD_CREATE),
 * so discord.js caches them and every member who acts arrives as a cached GuildMember, and a
 * command's users, roles and attached files arrive under the interaction's `resolved`. The
 * fake Discord sends all of it; these tests hold the bot to it.
 */
const clock = new ManualClock();
const h = useBotHarness({ voteClock: clock });
const { run, click, doc } = h;

/** Resolve once `test` holds (the bot's cache changes without the fake seeing it): polled, with a time limit. */
async function until(test: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !test(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The next interaction the bot's client receives, as discord.js built it. */
function nextInteraction(): Promise<Interaction> {
  return new Promise((resolve) => h.bot.client.once(Events.InteractionCreate, resolve));
}

describe('servers and members as Discord sends them', () => {
  it('has its server from READY and one it joins later from GUILD_CREATE, with their roles', async () => {
    expect(h.bot.client.guilds.cache.has(h.fake.guildId)).toBe(true);
    const staff = h.fake.role('Staff');
    await until(() => h.bot.client.guilds.cache.get(h.fake.guildId)?.roles.cache.has(staff.id) === true, 'the new role');
    const joined = h.fake.channelInNewGuild();
    await until(() => h.bot.client.guilds.cache.has(joined.guildId), 'the joined guild in the cache');
    // @everyone comes with the guild, as on Discord.
    expect(h.bot.client.guilds.cache.get(joined.guildId)?.roles.everyone.id).toBe(joined.guildId);
  });

  it('hands the bot users, members, roles and files under `resolved`, as discord.js reads them', async () => {
    const team = h.fake.role('Stavka');
    const mentioned = { ...member('Zhukov'), nick: 'Georgy', roles: [team.id] };
    const asker = member('Asker');
    const ch = channel();
    // Zhukov has acted once, so the fake knows him as a member of the server.
    await run(mentioned, ch, 'game', 'list');
    h.fake.useCommands([
      {
        name: 'probe',
        options: [
          { name: 'who', type: 6 },
          { name: 'team', type: 8 },
          { name: 'file', type: 11 },
        ],
      },
    ]);
    const upload = h.fake.upload('orders.json', Buffer.from('{"a":1}'));
    const received = nextInteraction();
    h.fake.command(asker, ch, 'probe', undefined, { who: mentioned.id, team: team.id, file: upload });
    const interaction = (await received) as ChatInputCommandInteraction;
    expect(interaction.member).toBeInstanceOf(GuildMember);
    expect(interaction.options.getUser('who')?.id).toBe(mentioned.id);
    const who = interaction.options.getMember('who');
    expect(who).toBeInstanceOf(GuildMember);
    expect((who as GuildMember).nickname).toBe('Georgy');
    expect((who as GuildMember).roles.cache.has(team.id)).toBe(true);
    expect(interaction.options.getRole('team')?.name).toBe('Stavka');
    const file = interaction.options.getAttachment('file');
    expect({ url: file?.url, size: file?.size, name: file?.name }).toEqual({ url: upload.url, size: 7, name: 'orders.json' });
  });

  it('names a member by their server nickname, from the cached member', async () => {
    const fritz: FakeUser = { ...member('fritz_1941'), nick: 'Fritz' };
    const ch = channel();
    const started = await run(fritz, ch, 'game', 'new', { game: 'battle-for-moscow', seed: 3 });
    expect(started.ephemeral).toBe(false);
    const game = await doc(ch);
    expect(game.players[0]!.name).toBe('Fritz');
    expect(game.events[0]!.text).toMatch(/^Fritz started Battle for Moscow/);
  });

  it('lets only members with the voting role vote, their roles read from the cached member', async () => {
    const stavka = h.fake.role('Voters');
    const [a, b] = [
      { ...member('RoleAnna'), roles: [stavka.id] },
      { ...member('RoleBen'), roles: [stavka.id] },
    ];
    const c = member('RoleCy');
    const ch = channel();
    const start = await run(a, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'vote', seed: 77 });
    for (const p of [b, c]) expect((await run(p, ch, 'game', 'join')).ephemeral).toBe(false);
    const set = await run(a, ch, 'vote', 'settings', { role: stavka.id });
    expect(set.ephemeral).toBe(false);
    expect((await doc(ch)).settings['vote.role']).toBe(stavka.id);

    const refused = await click(c, start, start.buttons[0]!.customId);
    expectRefused(refused, /Only members with the voting role/);
    const proposal = await click(b, start, start.buttons[0]!.customId);
    expect(proposal.ephemeral).toBe(false);
    expect(proposal.content).toMatch(/Proposal #1\*\* by RoleBen/);
  });
});

describe('/game import through resolved attachments', () => {
  const kluge = { ...member('kluge'), nick: 'Kluge' };

  it('imports an attached export end to end: the file found by its id in resolved.attachments', async () => {
    const ch = channel();
    await run(kluge, ch, 'game', 'new', { game: 'battle-for-moscow', seed: 9 });
    await run(kluge, ch, 'game', 'end');
    const exported = await run(kluge, ch, 'game', 'export');
    const upload = h.fake.upload('bfm.json', exported.files[0]!.data);
    const target = channel();
    const imported = await run(kluge, target, 'game', 'import', { file: upload });
    expect(imported.content).toMatch(/^Imported as game `[a-z0-9]{8}`/);
    expect(imported.files).toHaveLength(1);
    expect(h.fake.cdnRequests.filter((r) => r.path === new URL(upload.url).pathname)).toEqual([
      { path: new URL(upload.url).pathname, status: 200 },
    ]);
    expect((await doc(target)).events.at(-1)!.text).toMatch(/^Kluge imported game/);
  });

  it('refuses a file over 10 MiB by the size Discord states, without downloading it', async () => {
    const big = Buffer.alloc(10 * 2 ** 20 + 1, 0x20);
    const upload = h.fake.upload('huge.json', big);
    const ch = channel();
    const answer = await run(kluge, ch, 'game', 'import', { file: upload });
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toBe('That file is 10.1 MiB; an export file is at most 10 MiB, so it was not read. Nothing was imported.');
    expect(h.fake.cdnRequests.filter((r) => r.path === new URL(upload.url).pathname)).toEqual([]);
    expect(await h.bot.sessions.current(ch)).toBeUndefined();
  });
});
