import { clip, LIMITS } from '../../src/contracts/limits.js';
import type { Choice } from '../../src/contracts/reply.js';
import type { AutocompleteRequest } from '../../src/dispatch/command.js';
import { loadMap } from '../../src/maps/game-map.js';
import { whereOf } from '../../src/session/where.js';

/** Suggestions for the /game options being typed: games, scenarios, game ids, players, places, topics, armies. */
export async function gameAutocomplete(request: AutocompleteRequest): Promise<Choice[]> {
  const typed = request.focused.value.trim().toLowerCase();
  const match = (c: Choice) => !typed || c.value.toLowerCase().includes(typed) || c.name.toLowerCase().includes(typed);
  let choices: Choice[] = [];
  if (request.focused.name === 'game') {
    choices = request.services.games.all().map((g) => ({ name: g.name, value: g.id }));
  } else if (request.focused.name === 'scenario') {
    const game = request.invocation.options.game;
    const def = typeof game === 'string' ? request.services.games.get(game) : undefined;
    choices = (def?.scenarios ?? []).map((s) => ({ name: s.name, value: s.id }));
  } else if (request.focused.name === 'id') {
    const { games } = await request.services.sessions.list(whereOf(request.invocation));
    choices = games.map((d) => ({ name: `${d.id} · ${request.services.games.get(d.game)?.name ?? d.game} · ${d.status}`, value: d.id }));
  } else if (request.focused.name === 'player') {
    const view = await request.services.sessions.current(request.invocation.channelId);
    choices = (view?.doc.players ?? [])
      .filter((p) => p.id !== view?.doc.createdBy)
      .map((p) => ({ name: `${p.name ?? p.id}${p.seat ? ` (${p.seat})` : ''}`, value: p.id }));
  } else if (request.focused.name === 'center') {
    const view = await request.services.sessions.current(request.invocation.channelId);
    const map = view ? loadMap(view.def.mapFile) : undefined;
    choices = [
      ...(view?.def.formations ?? []).map((f) => ({ name: `${f.id} · ${f.name}`, value: f.id })),
      ...(map?.data.sectors ?? [])
        .filter((x) => !view?.def.formations?.some((f) => f.id === x.id))
        .map((x) => ({ name: `${x.id} · ${x.name}`, value: x.id })),
    ];
  } else if (request.focused.name === 'topic') {
    const game = request.invocation.options.game;
    const named = typeof game === 'string' ? request.services.games.get(game) : undefined;
    const view = named ? undefined : await request.services.sessions.current(request.invocation.channelId).catch(() => undefined);
    const owners = named ? [named] : view ? [view.def] : request.services.games.all();
    choices = owners.flatMap((g) => (g.guides ?? []).map((x) => ({ name: `${x.id} · ${x.title}`, value: x.id })));
  } else if (request.focused.name === 'army') {
    const view = await request.services.sessions.current(request.invocation.channelId);
    const held = (f: string) => view?.doc.players.find((p) => p.formations?.includes(f))?.name;
    choices = (view?.def.formations ?? []).map((f) => ({
      name: `${f.id} · ${f.name}${held(f.id) ? ` (commanded by ${held(f.id)})` : ''}`,
      value: f.id,
    }));
  }
  return choices
    .filter(match)
    .slice(0, LIMITS.choices)
    .map((c) => ({ name: clip(c.name, LIMITS.choiceNameChars), value: c.value }));
}
