import type { Scene, SideId, SideLook } from '../contracts/scene.js';

/** Colours and proportions shared by every map picture. */
export const theme = {
  background: '#e9e4d4',
  terrain: {
    clear: '#efe9cf',
    forest: '#9fc48a',
    marsh: '#b9d6cc',
    fortification: '#efe9cf',
  },
  forestMark: '#4f7d3d',
  marshMark: '#3f7f86',
  fortMark: '#8a3b2a',
  water: '#8fc3e6',
  grid: 'rgba(80, 70, 50, 0.45)',
  /** Outlines of areas (pockets): dark violet on a light halo, dashed. */
  region: '#5b2a86',
  regionHalo: 'rgba(255, 255, 255, 0.85)',
  /** Lines printed between areas (set-up boundaries): near-black dash-dot on the same halo, apart from rivers' blue and the red front. */
  boundary: '#141414',
  hexId: 'rgba(60, 50, 35, 0.8)',
  hexIdHalo: 'rgba(250, 247, 235, 0.85)',
  river: '#2f7fc1',
  riverMajor: '#1d64a8',
  rail: '#3a3a3a',
  placeText: '#1d1a14',
  placeHalo: 'rgba(255, 252, 240, 0.9)',
  town: '#1d1a14',
  city: '#b3261e',
  front: '#b3261e',
  frontOutline: '#1d1a14',
  path: '#ffcc00',
  pathOutline: '#1d1a14',
  /** Colours of extra arrows (proposals), chosen to stand apart from the yellow move arrow, the red front and the terrain. */
  arrows: ['#3fc6f0', '#e45ce8', '#b6e33a', '#ffffff', '#ff9a3c', '#8f8cff'],
  combat: '#d0021b',
  /** Hexes a force can reach: lightened inside a white-on-black edge (no hue to mistake for a river, the front or a pocket), a solid edge and white cost plates. */
  reach: 'rgba(255, 255, 255, 0.5)',
  reachEdge: '#ffffff',
  reachPlate: '#ffffff',
  selected: '#ffcc00',
  panel: { fill: '#24262b', text: '#f2efe6', muted: '#a8a59c', accent: '#ffcc00' },
} as const;

/** Sides drawn for a scene that names none: plain grey and white, hatched and not. */
const NEUTRAL_SIDES: Readonly<Record<SideId, SideLook>> = {
  german: {
    name: 'First side',
    letter: '1',
    fill: '#55595f',
    text: '#ffffff',
    wash: 'rgba(60, 60, 60, 0.10)',
    hatch: 'rgba(40, 40, 40, 0.35)',
  },
  soviet: { name: 'Second side', letter: '2', fill: '#f4f4f4', text: '#000000', wash: 'rgba(255, 255, 255, 0.18)' },
};

/** The game's names and colours of its sides (the scene's), or neutral ones. */
export function sideLooks(scene: Scene): Readonly<Record<SideId, SideLook>> {
  return scene.sides ?? NEUTRAL_SIDES;
}
