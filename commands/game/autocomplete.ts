import { clip, LIMITS } from '../../src/contracts/limits.js';
import type { Choice } from '../../src/contracts/reply.js';
import type { AutocompleteRequest } from '../../src/dispatch/command.js';
import { loadMap } from '../../src/maps/game-map.js';
import { whereOf } from '../../src/session/where.js';

type Suggester = (request: AutocompleteRequest) => Promise<Choice[]> | Choice[];

/** What each /game option suggests while it is typed, by option name. */
const SUGGESTERS: Record<string, Suggester> = {
  game: (request) => request.services.games.all().map((g) => ({ name: g.name, value: g.id })),

  scenario(request) {
    const game = request.invocation.options.game;
    const def = typeof game === 'string' ? request.services.games.get(game) : undefined;
    return (def?.scenarios ?? []).map((s) => ({ name: s.name, value: s.id }));
  },

  async id(request) {
    const { games } = await request.services.sessions.list(whereOf(request.invocation));
    return games.map((d) => ({ name: `${d.id} · ${request.services.games.get(d.game)?.name ?? d.game} · ${d.status}`, value: d.id }));
  },

  async player(request) {
    const view = await request.services.sessions.current(request.invocation.channelId);
    return (view?.doc.players ?? [])
      .filter((p) => p.id !== view?.doc.createdBy)
      .map((p) => ({ name: `${p.name ?? p.id}${p.seat ? ` (${p.seat})` : ''}`, value: p.id }));
  },

  async center(request) {
    const view = await request.services.sessions.current(request.invocation.channelId);
    const map = view ? loadMap(view.def.mapFile) : undefined;
    return [
      ...(view?.def.formations ?? []).map((f) => ({ name: `${f.id} · ${f.name}`, value: f.id })),
      ...(map?.data.sectors ?? [])
        .filter((x) => !view?.def.formations?.some((f) => f.id === x.id))
        .map((x) => ({ name: `${x.id} · ${x.name}`, value: x.id })),
    ];
  },

  async topic(request) {
    const game = request.invocation.options.game;
    const named = typeof game === 'string' ? request.services.games.get(game) : undefined;
    const view = named ? undefined : await request.services.sessions.current(request.invocation.channelId).catch(() => undefined);
    const owners = named ? [named] : view ? [view.def] : request.services.games.all();
    return owners.flatMap((g) => (g.guides ?? []).map((x) => ({ name: `${x.id} · ${x.title}`, value: x.id })));
  },

  async army(request) {
    const view = await request.services.sessions.current(request.invocation.channelId);
    const held = (f: string) => view?.doc.players.find((p) => p.formations?.includes(f))?.name;
    return (view?.def.formations ?? []).map((f) => ({
      name: `${f.id} · ${f.name}${held(f.id) ? ` (commanded by ${held(f.id)})` : ''}`,
      value: f.id,
    }));
  },
};

/** Suggestions for the /game option being typed that match what is typed so far, at most Discord's 25. */
export async function gameAutocomplete(request: AutocompleteRequest): Promise<Choice[]> {
  const typed = request.focused.value.trim().toLowerCase();
  const match = (c: Choice) => !typed || c.value.toLowerCase().includes(typed) || c.name.toLowerCase().includes(typed);
  const suggest = Object.hasOwn(SUGGESTERS, request.focused.name) ? SUGGESTERS[request.focused.name] : undefined;
  const choices = suggest ? await suggest(request) : [];
  return choices
    .filter(match)
    .slice(0, LIMITS.choices)
    .map((c) => ({ name: clip(c.name, LIMITS.choiceNameChars), value: c.value }));
}
