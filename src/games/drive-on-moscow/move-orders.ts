/**
 * The orders that put units on the map: /move and, in a free set-up, /setup place (3.2-3.6).
 */
import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import type { HexId } from '../../kernel/hex.js';
import { hexOption, offer, orderOptions } from '../orders.js';
import { domBoard } from './board.js';
import { setupHexes, setupUnits } from './free-setup.js';
import { type DomOrder, destinationChoices, findUnit, hexOpt, movers, moveSchema, moveUnits, unitName } from './order-words.js';

/** /move: a stack by the cheapest path or an exact one. */
export function moveOrder(): DomOrder {
  return {
    command: 'move',
    description: 'Move a stack: units that began the phase together, by the cheapest path or an exact one',
    usage: '/move units:<units> to:<hex> (or force:<hex>; path:<hexes>)',
    options: [
      { name: 'units', type: 'string', description: 'Units of one stack, e.g. "7 Pz, 6 Pz"', maxLength: 200 },
      hexOpt('force', 'Hex of the stack: every unit there that may move'),
      hexOpt('to', 'Destination hex (autocomplete shows the cost)'),
      { name: 'path', type: 'string', description: 'Exact path instead, hexes to enter, e.g. 1620,1720,1821', maxLength: 300 },
    ],
    run(s, options) {
      const o = orderOptions(moveSchema, options);
      const units = moveUnits(s, o);
      const path = o.path
        ?.split(/[ ,]+/)
        .map((x) => x.trim())
        .filter(Boolean);
      const to = o.to ?? path?.[path.length - 1];
      if (!to) throw new UserError('Say where: to:<hex> or path:<hexes>.');
      return { act: { type: 'move', units, to, ...(path ? { path } : {}) } };
    },
    suggest(s, f, options, limit) {
      if (!s) return [];
      if (f.name === 'force') {
        const hexes = [...new Set(movers(s).map((u) => u.hex))].sort();
        return offer(
          hexes.map((h) => ({
            name: `${h} · ${movers(s)
              .filter((u) => u.hex === h)
              .map((u) => u.id)
              .join(', ')}`.slice(0, 100),
            value: h,
          })),
          f.value,
          limit,
        );
      }
      if (f.name === 'to') {
        try {
          return destinationChoices(
            s,
            moveUnits(s, { units: options.units as string | undefined, force: options.force as string | undefined }),
            f.value,
            limit,
          );
        } catch {
          return [];
        }
      }
      return [];
    },
  };
}

/** /setup place: a unit set up in a free set-up. */
export function setupPlaceOrder(): DomOrder {
  return {
    command: 'setup',
    subcommand: 'place',
    description: 'Move one of your units to another set-up hex of its zone (3.2, 3.3, 3.6)',
    usage: '/setup place unit:<unit> hex:<hex>',
    options: [
      { name: 'unit', type: 'string', description: 'Unit, e.g. "7 Pz" or "RD 012"', required: true, autocomplete: true, maxLength: 40 },
      hexOpt('hex', 'Set-up hex (autocomplete lists the legal ones, nearest first)', true),
    ],
    run(s, options) {
      const o = orderOptions(z.object({ unit: z.string().trim().min(1).max(40), hex: hexOption }), options);
      return { act: { type: 'place', unit: findUnit(s, o.unit), hex: o.hex } };
    },
    suggest(s, f, options, limit) {
      if (!s) return [];
      if (f.name === 'unit')
        return offer(
          setupUnits(s).map((u) => ({ name: `${unitName(u)} in ${u.hex}`, value: u.id })),
          f.value,
          limit,
        );
      if (f.name !== 'hex') return [];
      try {
        const board = domBoard();
        const id = findUnit(s, String(options.unit ?? ''));
        const from = s.units[id]!.hex;
        const hexes = setupHexes(board, s, id).sort((a, b) => board.distance(from, a) - board.distance(from, b) || (a < b ? -1 : 1));
        const here = (h: HexId) => Object.values(s.units).filter((u) => u.hex === h).length;
        return offer(
          hexes.map((h) => ({ name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ''} · ${here(h)} unit(s) there`, value: h })),
          f.value,
          limit,
        );
      } catch {
        return [];
      }
    },
  };
}
