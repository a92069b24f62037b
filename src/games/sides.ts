import type { SideId, SideLook } from '../contracts/scene.js';

/**
 * How the German and Soviet sides look on every map of this family of games: German field
 * grey with hatching, Soviet red-orange with a warm wash, so the two differ by texture as
 * well as hue (colour-blind safe). A game with other colours passes its own in its scene.
 */
export const GERMAN_SOVIET: Readonly<Record<SideId, SideLook>> = {
  german: {
    name: 'German',
    letter: 'G',
    fill: '#5a5f66',
    text: '#ffffff',
    wash: 'rgba(90, 95, 102, 0.10)',
    hatch: 'rgba(50, 55, 60, 0.35)',
  },
  soviet: { name: 'Soviet', letter: 'S', fill: '#d9541e', text: '#000000', wash: 'rgba(214, 64, 40, 0.10)' },
};
