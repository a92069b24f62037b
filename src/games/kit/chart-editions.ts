/**
 * The chart parts of a definition. A game is played on one set of charts (shipped, an earlier
 * edition, or an owner's override file) and stores its id; a stored game goes on with the
 * definition on its charts, or is refused when the bot no longer has them.
 */
import { createHash } from 'node:crypto';

type Env = Readonly<Record<string, string | undefined>>;

export interface ChartEdition<D> {
  /** The id of this definition's charts. */
  id: string;
  /** This definition (built once the object holding these parts is). */
  self(): D;
  /** The other definitions a stored game may have been played with. */
  others(): readonly D[];
  /** The definition an owner's environment asks for (an override file); undefined: this one. */
  fromEnvironment(env: Env): D | undefined;
}

export function chartEdition<D extends { charts: string }>(
  edition: ChartEdition<D>,
): { charts: string; withCharts(charts: string): D | undefined; configure(env: Env): D } {
  return {
    charts: edition.id,
    withCharts: (charts) => [edition.self(), ...edition.others()].find((d) => d.charts === charts),
    configure: (env) => edition.fromEnvironment(env) ?? edition.self(),
  };
}

/** The id stored for a set of charts: which kind, and a hash of their content, so any change shows. */
export function chartsHashId(charts: unknown, kind: 'shipped' | 'override', digits: number): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(charts)).digest('hex').slice(0, digits)}`;
}
