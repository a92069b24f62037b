/**
 * Every playable game, registered with the session layer. Importing this module is what
 * makes /game new offer them.
 */
import { bfmGame } from './battle-for-moscow/definition.js';
import { chartsFromEnvironment } from './operation-typhoon/charts/override-file.js';
import { typhoonGame } from './operation-typhoon/definition.js';
import { useTyphoonCharts } from './operation-typhoon/index.js';
import { registerGame } from './registry.js';

// An owner of the printed game may play with its charts (TYPHOON_CHARTS_OVERRIDE, docs/typhoon-charts.md).
useTyphoonCharts(chartsFromEnvironment());
registerGame(typhoonGame);
registerGame(bfmGame);
